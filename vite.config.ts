import { readFileSync } from 'node:fs'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import { precompress } from './scripts/vite-precompress.ts'
import { parseConfig } from './server/config.ts'

/**
 * The API secret and the image keys are baked into the app (and the service worker, which
 * inherits `define`) at build time from the same environment the server reads, parsed by the
 * server's own parser, so `API_SECRET=x npm start` builds and serves a matching pair without
 * a code change, and a bad value fails the build with the server's message. They deter
 * scraping; they are not authentication (SPEC §2).
 */
const { apiSecret, imageXorByte, imageHeadKey } = parseConfig(process.env)

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
    precompress(),
  ],
  build: {
    target: 'es2022',
    // Browsers without <link rel="modulepreload"> (Safari before 17) still load every chunk,
    // one round trip later; the polyfill would cost every first visit its bytes.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
})
