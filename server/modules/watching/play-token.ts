import { createHmac, timingSafeEqual } from 'node:crypto'

/** How long a play token opens the key endpoint; media/play is called again after that. */
export const PLAY_TOKEN_TTL_SECONDS = 600

const SIGNATURE_BYTES = 16
const TOKEN = /^([1-9]\d{0,9})\.([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/

/**
 * Short-lived credentials for the HLS key: `<userId>.<videoId>.<expiry s>.<HMAC>`, signed with a
 * server-only secret. Bound to one user and one video; not stored anywhere, and not the
 * session token, so a leaked playlist URL opens one video's key for minutes, nothing more.
 */
export function createPlayTokens(deps: { secret: () => Promise<Uint8Array>; now: () => number }) {
  const mac = (secret: Uint8Array, userId: number, videoId: number, expires: number) =>
    createHmac('sha256', secret)
      .update(`marquee-play:${userId}:${videoId}:${expires}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES)

  return {
    async issue(userId: number, videoId: number): Promise<string> {
      const expires = Math.floor(deps.now() / 1000) + PLAY_TOKEN_TTL_SECONDS
      const signature = mac(await deps.secret(), userId, videoId, expires).toString('base64url')
      return `${userId}.${videoId}.${expires}.${signature}`
    },

    /** The user the token was issued to, when it is genuine, unexpired and for `videoId`; else null. */
    async verify(token: string | undefined, videoId: number): Promise<number | null> {
      const match = token ? TOKEN.exec(token) : null
      if (!match) return null
      const [, user, video, expiry, signature] = match as unknown as [string, string, string, string, string]
      const userId = Number(user)
      const expires = Number(expiry)
      if (Number(video) !== videoId || expires <= Math.floor(deps.now() / 1000)) return null
      const expected = mac(await deps.secret(), userId, videoId, expires)
      const given = Buffer.from(signature, 'base64url')
      return given.length === SIGNATURE_BYTES && timingSafeEqual(given, expected) ? userId : null
    },
  }
}
