import { createRoute } from '@tanstack/react-router'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/messages-credentials.ts'
import { apiAtom, provideApi } from '../../lib/store.ts'
import { memorySecureStorage, renderRoutes, storeWithFakeApi, type Post } from '../../testing/app-kit.tsx'
import { currentSessionAtom, provideStorage, setSessionAtom } from '../session/public.ts'
import { ImageScanScreen } from './image-scan-screen.tsx'
import { readQrCodes } from './detector.ts'
import { testUser } from '../../testing/session-kit.ts'

vi.mock('./detector.ts', () => ({ readQrCodes: vi.fn() }))
afterEach(cleanup)

const CREDENTIAL = `MQC1-${'Zz09_-'.repeat(7)}x`
const LOGIN = { ...testUser({ id: 9, nickname: '老王', isGuest: false, balance: 500 }), token: 'account-token' }

function setup(post: Post) {
  const { store, post: postMock } = storeWithFakeApi(post)
  const storage = memorySecureStorage()
  provideStorage(store, storage)
  store.set(setSessionAtom, {
    uuid: 'device-1',
    token: 'guest-token',
    channel: { pc: '', dc: '', isLight: false },
    user: null,
  })
  const router = renderRoutes(store, '/mine/setting/accoutCodeCamera', (root) => [
    createRoute({ getParentRoute: () => root, path: '/mine/setting/accoutCodeCamera', component: ImageScanScreen }),
    createRoute({ getParentRoute: () => root, path: '/mine/', component: () => <p>MINE</p> }),
  ])
  return { store, post: postMock, storage, router }
}

const pick = async () =>
  fireEvent.change(await screen.findByLabelText(t.scan.pickImage), {
    target: { files: [new File(['png'], 'card.png', { type: 'image/png' })] },
  })

describe('ImageScanScreen', () => {
  it('logs in with the credential read from the picked image and opens Mine in its place', async () => {
    vi.mocked(readQrCodes).mockResolvedValue(['https://example.com/other', ` ${CREDENTIAL}\n`])
    const { store, post, storage, router } = setup(async (name) => (name === 'user/qrcode/info' ? LOGIN : null))
    await pick()
    expect(await screen.findByText('MINE')).toBeTruthy()
    expect(post).toHaveBeenCalledWith('user/qrcode/info', { credential: CREDENTIAL, devID: 'device-1' })
    expect(store.get(currentSessionAtom)).toMatchObject({ uuid: 'device-1', token: 'account-token', user: { id: 9 } })
    expect(storage.data.get('session')).toMatchObject({ token: 'account-token' })
    // The test router, with no child routes, may drop the trailing slash.
    expect(router.state.location.pathname).toMatch(/^\/mine\/?$/)
    expect(router.history.length).toBe(1)
  })

  it('refuses text that is not a credential without calling the server', async () => {
    vi.mocked(readQrCodes).mockResolvedValue(['MQC1-short', 'hello'])
    const { post } = setup(async () => LOGIN)
    await pick()
    expect((await screen.findByRole('alert')).textContent).toBe(t.scan.notCredential)
    expect(post).not.toHaveBeenCalled()
  })

  it('says when the image holds no code', async () => {
    vi.mocked(readQrCodes).mockResolvedValue([])
    setup(async () => LOGIN)
    await pick()
    expect((await screen.findByRole('alert')).textContent).toBe(t.scan.noCode)
  })

  it("shows the server's tip when the credential is refused, and keeps the session", async () => {
    vi.mocked(readQrCodes).mockResolvedValue([CREDENTIAL])
    const { store } = setup(async () => LOGIN)
    const api = store.get(apiAtom)
    provideApi(store, { ...api, result: async () => ({ code: 7025, data: null, tip: '凭证已失效', msg: '' }) })
    await pick()
    expect((await screen.findByRole('alert')).textContent).toBe('凭证已失效')
    expect(store.get(currentSessionAtom)?.token).toBe('guest-token')
  })

  it('falls back to 登录失败 when the refusal carries no text', async () => {
    vi.mocked(readQrCodes).mockResolvedValue([CREDENTIAL])
    const { store } = setup(async () => LOGIN)
    const api = store.get(apiAtom)
    provideApi(store, { ...api, result: async () => ({ code: 7025, data: null, tip: '', msg: '' }) })
    await pick()
    expect((await screen.findByRole('alert')).textContent).toBe(t.scan.loginFailed)
  })
})
