import { DEV_API_SECRET } from '../../core/protocol/defaults.ts'

/**
 * The API secret baked in by vite.config.ts from API_SECRET at build time. Tests run
 * without the define, so the development default applies there.
 */
export const API_SECRET: string = typeof __API_SECRET__ === 'string' ? __API_SECRET__ : DEV_API_SECRET
