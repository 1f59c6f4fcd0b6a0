import { createStore } from 'jotai'
import type { Call } from '../../../core/contracts/call.ts'
import { describe, expect, it, vi } from 'vitest'
import type { ApiResult } from '../../../core/protocol/codes.ts'
import { DEV_API_SECRET } from '../../../core/protocol/defaults.ts'
import { asAsync } from '../../../core/protocol/crypto.ts'
import { isEnvelope } from '../../../core/protocol/envelope.ts'
import { createNobleCrypto } from '../../../core/protocol/noble-crypto.ts'
import type { Api } from '../../lib/http.ts'
import { t } from '../../lib/messages.ts'
import { createMemoryBackend, createSecureStorage } from '../../lib/persist.ts'
import {
  currentSessionAtom,
  isLightAtom,
  loginSuggestedNowAtom,
  sealRequestsAtom,
  suggestLoginAtom,
  tokenAtom,
  type Session,
} from './atoms.ts'
import { clearSessionAndReload, credentialStorageKey, initSession, StorageKey } from './init.ts'
import { openLoginWhenSuggested } from './login-suggestion.ts'

const noble = createNobleCrypto((n) => new Uint8Array(n).fill(7))
const crypto = asAsync(noble, () => noble)

const CONFIG = { domain: [], encryption: { request: true, http: true, m3u8: false } }
const USER = {
  id: 42,
  nickname: '游客42',
  avatar: '',
  isGuest: true,
  normalVip: { vipType: 0, vipExpireInt: 0, vipExpire: '' },
  supremeVip: { vipType: 0, vipExpireInt: 0, vipExpire: '' },
  darkVip: { vipType: 0, vipExpireInt: 0, vipExpire: '' },
  balance: 0,
  createdAt: 1,
}

function fakeApi(login: ApiResult) {
  const calls: Array<{ name: string; body: unknown }> = []
  const api: Api = {
    clockOffsetSeconds: 0,
    result: vi.fn(async ({ name }: Call, body?: unknown) => {
      calls.push({ name, body })
      return login as never
    }) as unknown as Api['result'],
    call: vi.fn(async ({ name }: Call) => {
      calls.push({ name, body: undefined })
      return CONFIG as never
    }) as unknown as Api['call'],
    signedFetch: vi.fn(),
  }
  return { api, calls }
}

function setup(login: ApiResult, search = '') {
  const backend = createMemoryBackend()
  const storage = createSecureStorage({ crypto, secret: DEV_API_SECRET, backend })
  const store = createStore()
  const { api, calls } = fakeApi(login)
  const notify = vi.fn()
  const deps = { store, api, storage, search, newDeviceId: () => 'random-device-id', notify }
  return { backend, storage, store, api, calls, notify, deps }
}

const loginOk: ApiResult = { code: 200, data: { ...USER, token: 'tok-1' }, tip: '', msg: '' }

describe('initSession', () => {
  it('logs in as a guest on first entry and stores the session encrypted', async () => {
    const s = setup(loginOk, '?UID=abc&pc=P1&dc=D1&isLight=1')
    await initSession(s.deps)
    const login = s.calls.find((c) => c.name === 'login/guest')!
    // "abc" is 6 characters or fewer, so the device id is random.
    expect(login.body).toEqual({
      devID: 'random-device-id',
      affCode: JSON.stringify({ pc: 'P1', dc: 'D1', isLight: true }),
      token: '',
    })
    expect(s.store.get(tokenAtom)).toBe('tok-1')
    expect(s.store.get(isLightAtom)).toBe(true)
    expect(s.store.get(sealRequestsAtom)).toBe(true)
    const raw = s.backend.data.get(StorageKey.Session)
    expect(isEnvelope(raw)).toBe(true)
    expect(JSON.stringify(raw)).not.toContain('tok-1')
    expect(await s.storage.get<Session>(StorageKey.Session)).toMatchObject({ uuid: 'random-device-id', token: 'tok-1' })
    expect(await s.storage.get(StorageKey.App)).toEqual({ isLight: true, isAppStore: false })
  })

  it('sends the first guest login sealed alongside ping/config, and is ready once the config is known', async () => {
    const s = setup(loginOk)
    let answerConfig: (config: unknown) => void = () => {}
    vi.mocked(s.api.call).mockImplementation(
      ({ name }: Call) =>
        new Promise((resolve) => {
          s.calls.push({ name, body: undefined })
          if (name === 'ping/config') answerConfig = resolve as (config: unknown) => void
        }),
    )
    let ready = false
    const init = initSession(s.deps).then(() => (ready = true))
    await vi.waitFor(() => expect(s.calls.map((c) => c.name)).toEqual(['ping/config', 'login/before', 'login/guest']))
    // Before the config says otherwise, request bodies are sealed.
    expect(s.store.get(sealRequestsAtom)).toBe(true)
    await Promise.resolve()
    expect(ready).toBe(false)
    answerConfig({ ...CONFIG, encryption: { request: false, http: true, m3u8: false } })
    await init
    expect(s.store.get(tokenAtom)).toBe('tok-1')
    expect(s.store.get(sealRequestsAtom)).toBe(false)
  })

  it('uses a URL device id longer than 6 characters', async () => {
    const s = setup(loginOk, '?uuid=device-1234567')
    await initSession(s.deps)
    expect(s.calls.find((c) => c.name === 'login/guest')!.body).toMatchObject({ devID: 'device-1234567' })
  })

  it('restores a stored session without logging in', async () => {
    const s = setup(loginOk)
    const stored: Session = {
      uuid: 'device-7777777',
      token: 'old',
      channel: { pc: '', dc: '', isLight: false },
      user: null,
    }
    await s.storage.set(StorageKey.Session, stored)
    await s.storage.set(StorageKey.App, { isLight: true, isAppStore: true })
    await initSession(s.deps)
    expect(s.calls.some((c) => c.name === 'login/guest')).toBe(false)
    expect(s.store.get(tokenAtom)).toBe('old')
    // Flags from an earlier visit's URL are kept.
    expect(s.store.get(isLightAtom)).toBe(true)
  })

  it("sends an invite link's affCode as inviteCode in the guest login's affCode, then forgets it", async () => {
    const s = setup(loginOk, '?pc=P1&affCode=INV42')
    await initSession(s.deps)
    const login = s.calls.find((c) => c.name === 'login/guest')!
    expect(login.body).toMatchObject({
      affCode: JSON.stringify({ pc: 'P1', dc: '', isLight: false, inviteCode: 'INV42' }),
    })
    // Not part of the channel the session keeps, and not kept once sent.
    expect((await s.storage.get<Session>(StorageKey.Session))?.channel).toEqual({ pc: 'P1', dc: '', isLight: false })
    expect(await s.storage.get(StorageKey.Invite)).toBeNull()
  })

  it('keeps the invite code while no guest login took it, and sends it on a later start without the parameter', async () => {
    const s = setup({ code: 200, data: null, tip: '', msg: '' }, '?affCode=INV42')
    await initSession(s.deps)
    expect(await s.storage.get(StorageKey.Invite)).toBe('INV42')

    const later = setup(loginOk)
    await later.storage.set(StorageKey.Invite, 'INV42')
    await initSession(later.deps)
    expect(
      JSON.parse(String((later.calls.find((c) => c.name === 'login/guest')!.body as { affCode: string }).affCode)),
    ).toEqual({ pc: '', dc: '', isLight: false, inviteCode: 'INV42' })
    expect(await later.storage.get(StorageKey.Invite)).toBeNull()
  })

  it('sends no inviteCode without an invite link, and keeps none when a session exists', async () => {
    const s = setup(loginOk)
    await initSession(s.deps)
    expect(s.calls.find((c) => c.name === 'login/guest')!.body).toMatchObject({
      affCode: JSON.stringify({ pc: '', dc: '', isLight: false }),
    })

    const signedIn = setup(loginOk, '?affCode=INV42')
    await signedIn.storage.set(StorageKey.Session, {
      uuid: 'random-device-id',
      token: 'old',
      channel: { pc: '', dc: '', isLight: false },
      user: null,
    })
    await initSession(signedIn.deps)
    expect(signedIn.calls.some((c) => c.name === 'login/guest')).toBe(false)
    // A session's user is no new guest: the code is for typing on /mine/invitation.
    expect(await signedIn.storage.get(StorageKey.Invite)).toBeNull()
  })

  it('alerts "注册次数过多" on 200 without data and carries on without a session', async () => {
    const s = setup({ code: 200, data: null, tip: '', msg: '' })
    await initSession(s.deps)
    expect(s.notify).toHaveBeenCalledWith(t.session.tooManyRegistrations)
    expect(s.store.get(currentSessionAtom)).toBeNull()
  })

  it('asks login/before with the device id and, when an account used this device, suggests /mine/login', async () => {
    const s = setup(loginOk)
    vi.mocked(s.api.call).mockImplementation(async ({ name }: Call, body?: unknown) => {
      s.calls.push({ name, body })
      return (name === 'login/before' ? { hasAccount: true } : CONFIG) as never
    })
    await initSession(s.deps)
    expect(s.calls.find((c) => c.name === 'login/before')!.body).toEqual({ devID: 'random-device-id' })
    // Browsing needs a session: the guest login happened all the same.
    expect(s.store.get(tokenAtom)).toBe('tok-1')
    await vi.waitFor(() => expect(s.store.get(loginSuggestedNowAtom)).toBe(true))
  })

  it('is ready without waiting for login/before, and suggests nothing when no account used this device', async () => {
    const s = setup(loginOk)
    let answerBefore: (answer: unknown) => void = () => {}
    vi.mocked(s.api.call).mockImplementation(({ name }: Call) =>
      name === 'login/before'
        ? new Promise((resolve) => (answerBefore = resolve as (answer: unknown) => void))
        : Promise.resolve(CONFIG as never),
    )
    await initSession(s.deps)
    expect(s.store.get(tokenAtom)).toBe('tok-1')
    answerBefore({ hasAccount: false })
    await Promise.resolve()
    expect(s.store.get(loginSuggestedNowAtom)).toBe(false)
  })

  it.each([6004, 6015])('fails with the guest message on %i', async (code) => {
    const s = setup({ code, data: null, tip: '', msg: '' })
    await expect(initSession(s.deps)).rejects.toMatchObject({ message: '生成游客失败！请联系在线客服', code })
  })
})

describe('clearSessionAndReload', () => {
  it('clears the credentials (and a kept credential card) but keeps the device id, and reloads, but not twice within a minute', async () => {
    const s = setup(loginOk)
    await initSession(s.deps)
    const before = await s.storage.get<Session>(StorageKey.Session)
    const card = credentialStorageKey(before!.user!.id)
    await s.storage.set(card, { credential: 'MQC1-kept', createdAt: 1 })
    const marks = new Map<string, string>()
    const deps = {
      store: s.store,
      storage: s.storage,
      reload: vi.fn(),
      now: () => 1_000_000,
      marks: { getItem: (k: string) => marks.get(k) ?? null, setItem: (k: string, v: string) => void marks.set(k, v) },
    }
    await expect(clearSessionAndReload(deps)).resolves.toBe('reloaded')
    expect(s.store.get(currentSessionAtom)).toBeNull()
    expect(await s.storage.get(StorageKey.Session)).toEqual({ ...before, token: '', user: null })
    // The kept credential card logs in as the account: it goes with the session.
    expect(await s.storage.get(card)).toBeNull()
    expect(deps.reload).toHaveBeenCalledOnce()
    await expect(clearSessionAndReload(deps)).resolves.toBe('cleared')
    expect(deps.reload).toHaveBeenCalledOnce()
  })
})

describe('openLoginWhenSuggested', () => {
  function navigation(start: string) {
    let here = start
    return {
      location: () => here,
      openLogin: vi.fn(() => void (here = '/mine/login')),
      go: (to: string) => void (here = to),
    }
  }

  it('opens /mine/login once when the suggestion comes, even after the first page showed', () => {
    const store = createStore()
    const nav = navigation('/')
    openLoginWhenSuggested(store, nav)
    expect(nav.openLogin).not.toHaveBeenCalled()
    store.set(suggestLoginAtom)
    expect(nav.openLogin).toHaveBeenCalledOnce()
    nav.go('/')
    store.set(suggestLoginAtom)
    expect(nav.openLogin).toHaveBeenCalledOnce()
  })

  it('follows a suggestion that came before it started', () => {
    const store = createStore()
    store.set(suggestLoginAtom)
    const nav = navigation('/')
    openLoginWhenSuggested(store, nav)
    expect(nav.openLogin).toHaveBeenCalledOnce()
  })

  it('leaves a user who has moved on from the landing page where they are', () => {
    const store = createStore()
    const nav = navigation('/')
    openLoginWhenSuggested(store, nav)
    nav.go('/play/longVideo?id=3')
    store.set(suggestLoginAtom)
    expect(nav.openLogin).not.toHaveBeenCalled()
  })
})
