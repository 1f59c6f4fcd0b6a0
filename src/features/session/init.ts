import * as v from 'valibot'
import { loginBefore, loginGuest, pingConfig } from '../../../core/contracts/calls.ts'
import { AppConfigSchema, type AppConfig } from '../../../core/contracts/config.ts'
import { ResultCode } from '../../../core/protocol/codes.ts'
import { ApiError, ApiErrorKind, businessMessage, type Api } from '../../lib/http.ts'
import { t } from '../../lib/messages.ts'
import type { SecureStorage } from '../../lib/persist.ts'
import type { AppStore } from '../../lib/store.ts'
import {
  NO_FLAGS,
  appConfigAtom,
  setConfigAtom,
  setFlagsAtom,
  setSessionAtom,
  suggestLoginAtom,
  type AppFlags,
  type Channel,
  type Session,
} from './atoms.ts'
import { readEntryParams, resolveDeviceId } from './entry-params.ts'

/**
 * IndexedDB keys of the persisted stores (database `marquee`, store `state`). `invite` holds the
 * invite code of the link a user without a session arrived by, until a guest login has sent it.
 */
export const StorageKey = { Session: 'session', Config: 'config', App: 'app', Invite: 'invite' } as const

/** Where this device keeps a user's credential card (the server shows it once); per user, so two accounts' stay apart. */
export const credentialStorageKey = (userId: number) => `credential:${userId}`

export interface SessionDeps {
  store: AppStore
  api: Api
  storage: SecureStorage
  /** `location.search` of the entry URL. */
  search: string
  newDeviceId(): string
  /** Shows a short message (toast). */
  notify(message: string): void
}

async function read<T>(storage: SecureStorage, key: string): Promise<T | null> {
  try {
    return await storage.get<T>(key)
  } catch {
    return null
  }
}

/**
 * GET ping/config feeds the config store. Resolves once the store has it; the copy
 * kept for the next start is written meanwhile (a failed write only means that start asks first).
 */
async function refreshConfig(deps: Pick<SessionDeps, 'store' | 'api' | 'storage'>): Promise<void> {
  const config = await deps.api.call(pingConfig)
  deps.store.set(setConfigAtom, config)
  deps.storage.set(StorageKey.Config, config).catch(() => {})
}

/**
 * First entry: restore the encrypted stores, apply the URL's parameters, fetch
 * the config, and log in as a guest when there is no session. Rejects with a message the
 * route guard's error page shows.
 */
export async function initSession(deps: SessionDeps): Promise<void> {
  const { store, api, storage } = deps
  const [storedSession, storedConfig, storedFlags, storedInviteCode] = await Promise.all([
    read<Session>(storage, StorageKey.Session),
    read<AppConfig>(storage, StorageKey.Config),
    read<AppFlags>(storage, StorageKey.App),
    read<string>(storage, StorageKey.Invite),
  ])
  // A copy written by an older version may lack what this one needs: then it asks first.
  if (v.is(AppConfigSchema, storedConfig)) store.set(setConfigAtom, storedConfig)

  const params = readEntryParams(deps.search)
  const flags: AppFlags = {
    isLight: params.isLight ?? storedFlags?.isLight ?? NO_FLAGS.isLight,
    isAppStore: params.isAppStore ?? storedFlags?.isAppStore ?? NO_FLAGS.isAppStore,
  }
  store.set(setFlagsAtom, flags)
  // Written while the calls below are in flight; the session is ready once it is written.
  const flagsSaved =
    flags.isLight !== storedFlags?.isLight || flags.isAppStore !== storedFlags.isAppStore
      ? storage.set(StorageKey.App, flags)
      : Promise.resolve()

  const deviceId = resolveDeviceId(params.uid, storedSession?.uuid, deps.newDeviceId)
  // A different device id in the URL means another device's identity: log in afresh.
  const session = storedSession && storedSession.uuid === deviceId && storedSession.token ? storedSession : null
  if (session) store.set(setSessionAtom, session)

  const hadConfig = store.get(appConfigAtom) !== null
  // The stored config stays in use when this fails; the next start tries again.
  const configFetched = refreshConfig(deps).catch(() => {})
  // Without a stored config, the session is ready only once the config is known (images need its
  // IMAGE domain). The guest login does not wait for it: until the config says otherwise, request
  // bodies are sealed (sealRequestsAtom), which the server accepts either way, so the two calls
  // share one round trip on a first visit.
  const configKnown = hadConfig ? Promise.resolve() : configFetched
  if (session) {
    await Promise.all([configKnown, flagsSaved])
    return
  }

  const channel: Channel = {
    pc: params.pc ?? storedSession?.channel.pc ?? '',
    dc: params.dc ?? storedSession?.channel.dc ?? '',
    isLight: flags.isLight,
  }
  // The server binds a new guest to the inviter whose code the invite link carried. Kept until a
  // guest login has carried it (a failed one tries again on the next start); not part of the
  // channel, which the session keeps for good.
  const inviteCode = params.inviteCode ?? (typeof storedInviteCode === 'string' ? storedInviteCode : '')
  const inviteKept =
    params.inviteCode !== undefined && params.inviteCode !== storedInviteCode
      ? storage.set(StorageKey.Invite, params.inviteCode).catch(() => {})
      : Promise.resolve()
  const affCode = JSON.stringify(inviteCode ? { ...channel, inviteCode } : channel)
  // Sent first and never awaited: home must not wait for it. Browsing needs a session, so the
  // guest login goes on either way; an account's device then opens /mine/login once.
  askWhetherAnAccountUsedThisDevice(deps, deviceId)
  const [result] = await Promise.all([
    api.result(loginGuest, { devID: deviceId, affCode, token: '' }),
    configKnown,
    flagsSaved,
    inviteKept,
  ])
  if (result.code === ResultCode.GuestCreationRefused || result.code === ResultCode.GuestCreationRefusedAlt) {
    throw new ApiError(ApiErrorKind.Business, t.session.guestFailed, result.code)
  }
  if (result.code !== ResultCode.Ok) throw new ApiError(ApiErrorKind.Business, businessMessage(result), result.code)
  if (!result.data) {
    // The per-IP cap answers 200 without data: the app carries on without a session.
    deps.notify(t.session.tooManyRegistrations)
    return
  }
  const { token, ...user } = result.data
  const fresh: Session = { uuid: deviceId, token, channel, user }
  store.set(setSessionAtom, fresh)
  await Promise.all([
    storage.set(StorageKey.Session, fresh),
    // Used: the server has seen it (an unknown or refused code never fails the login).
    inviteCode ? storage.remove(StorageKey.Invite).catch(() => {}) : undefined,
  ])
}

/** Auto-login: login/before says whether an account last used this device. */
function askWhetherAnAccountUsedThisDevice(deps: Pick<SessionDeps, 'store' | 'api'>, deviceId: string): void {
  deps.api.call(loginBefore, { devID: deviceId }).then(
    ({ hasAccount }) => {
      if (hasAccount) deps.store.set(suggestLoginAtom)
    },
    () => {
      // Without an answer the app stays a guest's, as it would on a new device.
    },
  )
}

/**
 * Forgets the stored token and user; the device id and channel stay, so the same device comes
 * back as the same guest. A failed write leaves the stored copy, which the server no longer takes.
 */
export async function forgetStoredCredentials(storage: SecureStorage): Promise<void> {
  const stored = await read<Session>(storage, StorageKey.Session)
  if (!stored) return
  await Promise.all([
    storage.set(StorageKey.Session, { ...stored, token: '', user: null }),
    // The QR card's credential logs in as the account: it does not outlive the session on a shared browser.
    stored.user ? storage.remove(credentialStorageKey(stored.user.id)) : undefined,
  ]).catch(() => {})
}

/**
 * Code 1000 (session invalid): forget the credentials and reload, which logs in afresh. A second
 * 1000 within a minute of such a reload only clears, so a broken server cannot loop us.
 */
export async function clearSessionAndReload(
  deps: Pick<SessionDeps, 'store' | 'storage'> & {
    reload(): void
    now(): number
    marks: Pick<Storage, 'getItem' | 'setItem'>
  },
): Promise<'reloaded' | 'cleared'> {
  deps.store.set(setSessionAtom, null)
  await forgetStoredCredentials(deps.storage)
  const key = 'marquee:session-reload'
  let last: number
  try {
    last = Number(deps.marks.getItem(key)) || 0
  } catch {
    last = 0
  }
  if (deps.now() - last < 60_000) return 'cleared'
  try {
    deps.marks.setItem(key, String(deps.now()))
  } catch {
    return 'cleared'
  }
  deps.reload()
  return 'reloaded'
}
