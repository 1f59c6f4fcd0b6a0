import { readFileSync } from 'node:fs'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type Rolldown } from 'vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import { precompress } from './scripts/vite-precompress.ts'
import { parseConfig } from './server/config.ts'

/**
 * The API secret and the image keys are baked into the app (and the service worker, which
 * inherits `define`) at build time from the same environment the server reads, parsed by the
 * server's own parser, so `API_SECRET=x npm start` builds and serves a matching pair without
 * a code change, and a bad value fails the build with the server's message. They deter
 * scraping; they are not authentication (docs/protocol.md).
 */
// Without NODE_ENV: a production build picks React's production bundle by it, while the checks a
// production start makes (the SMS gateway) are the server's, not the app's.
const { apiSecret, imageXorByte, imageHeadKey } = parseConfig({ ...process.env, NODE_ENV: undefined })

/**
 * React's half of the first visit (app.tsx and what every page shares): React, the router and
 * jotai's hooks, in one file. The entry itself (session, calls, storage, crypto) imports none of
 * it, so it runs and sends its calls while this, the largest file, downloads.
 */
const SHELL_SHARED_PATTERNS = [
  'node_modules/(react|react-dom|scheduler|@tanstack|use-sync-external-store)/',
  'node_modules/jotai/esm/react',
  'src/lib/search\\.ts',
  'src/ui/(page-header|back-button)',
  'src/features/catalogue/page-params',
  // A few lines that home, shorts and Mine share: a file of its own would be one more request.
  'src/lib/use-back-online',
]
const SHELL_SHARED = new RegExp(SHELL_SHARED_PATTERNS.join('|'))

/** The modules home shares with other lists (cards, lazy images, paged lists, the image fallback). */
const HOME_SHARED_PATTERNS = [
  'src/features/catalogue/(app-link|format|video-card|paged-list|use-prefetch-next|use-cover-list)',
  'src/ui/(lazy-image|infinite-list|use-near-viewport)',
  'src/lib/(image-log|offline-reads|query-state|prefetch|image-fallback)',
  'core/format/(messages-zh|number|count|money)',
  'core/links/(app-path|content-route)',
  // How home's ads (ad-click) open their links; the welfare and contact pages resolve theirs too.
  // Left out, they were a file of their own at start.
  'core/links/(resolve-link|ad-target|deep-link|parse-link|web-url|session-token)',
  // Home's ads; the welfare page's apps grid opens its icons the same way (features/ads/apps-grid.tsx).
  'src/features/ads/(ad-click|use-open-ad|ad-carousel|autoplay)',
  'core/images/',
]
const HOME_SHARED = new RegExp(HOME_SHARED_PATTERNS.join('|'))

/**
 * Fails the build when a chunk pattern above, or one name of its alternation, matches no module:
 * a renamed file or a library that moved its files (jotai's dist/ became esm/ between majors)
 * would otherwise quietly leave its group, and the entry split into more files or broke at start.
 */
function chunkPatternsMatch(patterns: readonly string[]): Plugin {
  const alternatives = patterns.flatMap((pattern) => {
    const group = /^([^(]*)\(([^)]*)\)(.*)$/.exec(pattern)
    return group ? group[2]!.split('|').map((name) => `${group[1]}${name}${group[3]}`) : [pattern]
  })
  return {
    name: 'marquee:chunk-patterns-match',
    apply: 'build',
    generateBundle(_options, bundle) {
      const ids = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? Object.keys(file.modules) : []))
      const unused = alternatives.filter((pattern) => !ids.some((id) => new RegExp(pattern).test(id)))
      if (unused.length > 0) this.error(`chunk patterns that match no module: ${unused.join(', ')}`)
    },
  }
}

/**
 * The app's stylesheet (one file: cssCodeSplit is off) inlined into index.html: a linked one
 * blocks the first paint for a round trip of its own (and over HTTP/1.1 it queued behind the
 * scripts), so the splash painted only once the JavaScript had downloaded. The file is dropped,
 * and so is its mention in the entry chunk's CSS list, from which Vite's preload helper would
 * otherwise add it again to a lazy page importing from the entry. (This hook runs before Vite's
 * import analysis renders those lists.)
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'marquee:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = bundle[fileName]
          if (asset?.type !== 'asset') return tag
          delete bundle[fileName]
          for (const chunk of Object.values(bundle)) {
            if (chunk.type === 'chunk') chunk.viteMetadata?.importedCss.delete(fileName)
          }
          return `<style>${String(asset.source)}</style>`
        })
      },
    },
  }
}

/**
 * The files besides the entry that a first visit to `/` runs at start: the React half of the app
 * (app.tsx and the files it imports) and home's page. The entry loads them with dynamic imports.
 */
function startupChunks(bundle: Rolldown.OutputBundle): Set<string> {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
  const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app.tsx'))
  if (!app) throw new Error('startupChunks: no chunk for src/app.tsx')
  // Home's page too: it is the start URL and the first tab.
  const home = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/routes/index.tsx?tsr-split=component'))
  if (!home) throw new Error("startupChunks: no chunk for home's page")
  const files = new Set<string>()
  const add = (fileName: string) => {
    const chunk = bundle[fileName]
    if (chunk?.type !== 'chunk' || chunk.isEntry || files.has(fileName)) return
    files.add(fileName)
    for (const imported of chunk.imports) add(imported)
  }
  add(app.fileName)
  add(home.fileName)
  return files
}

/**
 * <link rel="modulepreload"> in index.html for the startup chunks: on their own, the entry's
 * dynamic imports would start those downloads only once the entry had downloaded and run, a
 * round trip and more behind (and the router asks for home's page only once React's file has run).
 */
function preloadAppHalf(): Plugin {
  return {
    name: 'marquee:preload-app-half',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html
        const links = [...startupChunks(bundle)]
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('')
        return html.replace('</head>', `${links}</head>`)
      },
    },
  }
}

/**
 * Puts V8's per-file compile hint at the top of the entry and the startup chunks
 * (https://github.com/WICG/explicit-javascript-compile-hints-file-based): Chromium then compiles
 * their functions on a background thread while the file streams in, instead of each one on the
 * main thread the first time it is called. Most of these files' functions run during the first
 * visit, so compiling them all ahead costs little and takes most of the main thread's compile
 * time off it (figures in bench/README.md). Other engines read it as a comment. Added after every
 * other plugin, as the first line.
 */
function compileHintsForStartup(): Plugin {
  return {
    name: 'marquee:compile-hints-for-startup',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const files = startupChunks(bundle)
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && (chunk.isEntry || files.has(chunk.fileName))) {
            chunk.code = `${COMPILE_HINT}\n${chunk.code}`
          }
        }
      },
    },
  }
}
const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>

export default defineConfig({
  define: {
    __API_SECRET__: JSON.stringify(apiSecret),
    __IMAGE_XOR_BYTE__: JSON.stringify(imageXorByte),
    __IMAGE_HEAD_KEY__: JSON.stringify(imageHeadKey),
  },
  plugins: [
    // The router plugin must run before react() so it can split route files first.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    chunkPatternsMatch([...SHELL_SHARED_PATTERNS, ...HOME_SHARED_PATTERNS]),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app registers the worker itself with workbox-window after first paint.
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
      devOptions: { enabled: false },
    }),
    inlineEntryCss(),
    preloadAppHalf(),
    compileHintsForStartup(),
    precompress(),
  ],
  build: {
    target: 'es2022',
    // One stylesheet for the whole app (about 4 KB compressed), which inlineEntryCss puts in
    // index.html: split, a first visit to home fetched four more files before its first cover,
    // each holding one of HTTP/1.1's six connections for a round trip.
    cssCodeSplit: false,
    // Browsers without <link rel="modulepreload"> (Safari before 17) still load every chunk,
    // one round trip later; the polyfill would cost every first visit its bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        /*
         * Fewer, larger files for the first visit. Left to itself the bundler cut `/` into 8
         * scripts at start and 11 files for home, and over HTTP/1.1 (6 connections per host) the
         * session's calls and the covers queued behind them. The libraries the entry needs at
         * start go in one file; home's shared catalogue code (also used by other lists) in one.
         */
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react-dom', test: /node_modules\/(react-dom|scheduler)\//, priority: 30 },
            { name: 'shell', test: (id) => SHELL_SHARED.test(id), priority: 20 },
            { name: 'catalogue', test: HOME_SHARED, priority: 10 },
            /*
             * Everything the entry loads statically (rolldown's `$initial` tag), in the entry's
             * own file: the group holds the entry module, so its chunk is the entry chunk. A
             * workaround for https://github.com/rolldown/rolldown/issues/10731: without it, the
             * entry modules that lazy pages import too (http.ts, store.ts, messages.ts, the
             * contracts, the protocol defaults, jotai's core) went to files of their own, 15
             * files at start instead of 7. Lowest priority: the groups above keep theirs.
             */
            { name: 'boot', tags: ['$initial'], priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
})
