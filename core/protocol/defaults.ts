/**
 * Development defaults shared by the server's configuration and the app's build, so an
 * unconfigured checkout agrees with itself. Production overrides every one (README).
 */
export const DEV_API_SECRET = 'marquee-dev-secret-change-me'
export const CLIENT_VERSION = '2.1.1'
export const MAX_CLOCK_SKEW_SECONDS = 300
export const NONCE_TTL_SECONDS = 600
export const PAGE_SIZE = 10
