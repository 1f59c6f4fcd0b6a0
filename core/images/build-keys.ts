import { createImageKeys, DEV_IMAGE_KEYS, type ImageKeys } from './descramble.ts'

/** Replaced at build time by vite `define` (vite.config.ts, from IMAGE_XOR_BYTE / IMAGE_HEAD_KEY); absent under vitest. */
declare const __IMAGE_XOR_BYTE__: number | undefined
declare const __IMAGE_HEAD_KEY__: string | undefined

/** The image keys the build was made with: the page's fallback and the worker use the same ones. */
export const IMAGE_KEYS: ImageKeys =
  typeof __IMAGE_XOR_BYTE__ === 'number' && typeof __IMAGE_HEAD_KEY__ === 'string'
    ? createImageKeys({ xorByte: __IMAGE_XOR_BYTE__, headKey: __IMAGE_HEAD_KEY__ })
    : DEV_IMAGE_KEYS
