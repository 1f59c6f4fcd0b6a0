import type { FastifyInstance } from 'fastify'

/**
 * For the built app: scripts only from this origin (vite emits no inline scripts and
 * vite-plugin-pwa registers the worker from a bundled module or /registerSW.js); images and
 * video may come from the configured IMAGE/MP4/VID domains (https) or blob: URLs the worker
 * and hls.js create; inline styles are allowed for style attributes in index.html. WebAssembly may
 * be compiled (the QR reader of the credential scan), which allows no JavaScript eval. Calls may
 * go to any https API line (the config's API entries).
 */
function contentSecurityPolicy(connectSources: readonly string[]) {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    ["connect-src 'self' https:", ...connectSources].join(' '),
    "font-src 'self' data:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Powerful features the app does not use are off for it and anything it embeds; the camera
 * stays available to this origin for scanning a credential QR (/mine/setting/accoutCodeCamera).
 */
const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()'

export interface SecurityHeaderOptions {
  /** Plain-http origins calls may go to besides this one: the API lines of a run on this machine. */
  connectSources?: readonly string[]
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions = {}) {
  const policy = contentSecurityPolicy(options.connectSources ?? [])
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('Referrer-Policy', 'no-referrer')
    reply.header('X-Frame-Options', 'DENY')
    reply.header('Content-Security-Policy', policy)
    reply.header('Cross-Origin-Opener-Policy', 'same-origin')
    reply.header('Permissions-Policy', PERMISSIONS_POLICY)
    done(null, payload)
  })
}
