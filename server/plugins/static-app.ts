import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { sendPlainStatus } from '../errors.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything not content-hashed revalidates (ETag), so a deploy is seen on the next load. */
const REVALIDATE = 'no-cache'

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>Marquee — app not built</title></head>
<body><h1>The app is not built</h1>
<p>The API server is running, but the app's files are missing. Run <code>npm run build</code>
(or <code>npm start</code>, which builds first) and reload.</p></body></html>
`

/** The path as the router reads it (`/%61pi/` is `/api/`); as sent when it does not decode. */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

/** The last path segment has an extension, e.g. /favicon.ico or /assets/x.js. */
const looksLikeFile = (path: string) => /\.[^/]+$/.test(path)

/**
 * Serves the built app: hashed assets immutable, everything else no-cache; app paths
 * without a file fall back to index.html (the router renders them, including its
 * catch-all); /api/ never falls back and answers JSON.
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string) {
  const root = resolve(staticDir)
  const built = existsSync(resolve(root, 'index.html'))

  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      cacheControl: false,
      // The build writes .br/.gz beside each text file (scripts/vite-precompress.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const relative = filePath.slice(root.length).replaceAll('\\', '/')
        reply.header('Cache-Control', relative.startsWith('/assets/') ? IMMUTABLE : REVALIDATE)
      },
    })
  }

  app.setNotFoundHandler((request, reply) => {
    const queryAt = request.url.indexOf('?')
    const path = decoded(queryAt === -1 ? request.url : request.url.slice(0, queryAt))
    if (path.startsWith('/api/') || path === '/api') {
      return reply.code(404).send({ code: 404, data: null, tip: '', msg: 'no such call' })
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || looksLikeFile(path))
      return sendPlainStatus(reply, 404)
    if (!built) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE)
    reply.header('Cache-Control', REVALIDATE)
    return reply.sendFile('index.html')
  })
}
