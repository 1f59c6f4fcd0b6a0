import { readFileSync } from 'node:fs'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import { DEV_API_SECRET } from './core/protocol/defaults.ts'

/**
 * The API secret is baked into the app (and the service worker, which inherits `define`)
 * at build time, so `API_SECRET=x npm start` builds and serves a matching pair without a
 * code change. It deters scraping; it is not authentication (SPEC §2).
 */
const apiSecret = process.env.API_SECRET || DEV_API_SECRET

const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>

export default defineConfig({
  define: {
    __API_SECRET__: JSON.stringify(apiSecret),
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
  ],
  build: {
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
})
