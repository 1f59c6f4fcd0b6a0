import { CONTROL_CHARACTER, MAX_DEVICE_ID_LENGTH } from '../../../core/contracts/text.ts'
import { INVITE_CODE_MAX } from '../../../core/contracts/welfare-rules.ts'

/**
 * What the entry URL may carry (UID or uuid, isLight, dc, pc, isAppStore, and an invite link's
 * affCode). Absent flags leave the stored ones alone.
 */
export interface EntryParams {
  uid?: string
  pc?: string
  dc?: string
  isLight?: boolean
  isAppStore?: boolean
  /** The invite code of the invite link the user arrived by. */
  inviteCode?: string
}

function flag(value: string | null): boolean | undefined {
  if (value === null) return undefined
  return !/^(0|false|no|off)?$/i.test(value.trim())
}

function text(value: string | null): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

export function readEntryParams(search: string): EntryParams {
  const params = new URLSearchParams(search)
  const result: EntryParams = {}
  const uid = text(params.get('UID')) ?? text(params.get('uuid'))
  if (uid !== undefined) result.uid = uid
  const pc = text(params.get('pc'))
  if (pc !== undefined) result.pc = pc
  const dc = text(params.get('dc'))
  if (dc !== undefined) result.dc = dc
  const isLight = flag(params.get('isLight'))
  if (isLight !== undefined) result.isLight = isLight
  const isAppStore = flag(params.get('isAppStore'))
  if (isAppStore !== undefined) result.isAppStore = isAppStore
  const inviteCode = text(params.get('affCode'))
  // One the server could never take (too long, control characters) is dropped here, not sent.
  if (inviteCode !== undefined && inviteCode.length <= INVITE_CODE_MAX && !CONTROL_CHARACTER.test(inviteCode)) {
    result.inviteCode = inviteCode
  }
  return result
}

/**
 * Device ids of 6 characters or fewer are not trusted (a random one replaces them); longer than login/guest takes,
 * or with control characters (a tab in `?UID=`), the server would refuse every login.
 */
function isUsableDeviceId(id: string | undefined): id is string {
  if (id === undefined) return false
  const trimmed = id.trim()
  return trimmed.length > 6 && trimmed.length <= MAX_DEVICE_ID_LENGTH && !CONTROL_CHARACTER.test(trimmed)
}

/** The URL's id when usable, else the stored one when usable, else a fresh random id. */
export function resolveDeviceId(fromUrl: string | undefined, stored: string | undefined, newId: () => string): string {
  if (isUsableDeviceId(fromUrl)) return fromUrl.trim()
  if (isUsableDeviceId(stored)) return stored
  return newId()
}
