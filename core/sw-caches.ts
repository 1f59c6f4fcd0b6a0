/**
 * Cache Storage names both the worker and the page need: the worker writes the image caches,
 * the settings page clears them without touching the precache or the worker's own state cache.
 */
export const CACHE_PREFIX = 'marquee'
/** Every image cache name of any worker version starts with this (seen and prefetch alike). */
export const IMAGE_CACHE_FAMILY = `${CACHE_PREFIX}-images-`
