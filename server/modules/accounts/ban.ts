import { BusinessCode } from '../../../core/protocol/codes.ts'
import { businessError } from '../../errors.ts'

/** Whether a ban (`users.banned_until`, set by the community's moderation) runs at `nowMs`. */
function isBanned(bannedUntil: Date | null, nowMs: number): boolean {
  return bannedUntil !== null && bannedUntil.getTime() > nowMs
}

/**
 * 7050 while a ban runs: a banned user reads but does not publish, comment or upload. The uploads
 * give it `httpStatus` 403, as simple-uploader reads statuses.
 */
export function refuseBanned(bannedUntil: Date | null, nowMs: number, httpStatus?: number): void {
  if (isBanned(bannedUntil, nowMs)) throw businessError(BusinessCode.Banned, httpStatus)
}
