import { createRoute } from '@tanstack/react-router'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/messages-credentials.ts'
import { memorySecureStorage, renderRoutes, storeWithFakeApi } from '../../testing/app-kit.tsx'
import { provideStorage, setSessionAtom } from '../session/public.ts'
import { CameraScanScreen, type CameraScanDeps } from './camera-scan-screen.tsx'
import { testUser } from '../../testing/session-kit.ts'

vi.mock('./detector.ts', () => ({ qrDetector: vi.fn() }))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const CREDENTIAL = `MQC1-${'k'.repeat(43)}`
const LOGIN = { ...testUser({ id: 9, nickname: '老王', isGuest: false, balance: 0 }), token: 'account-token' }

function renderCamera(deps: CameraScanDeps) {
  const { store, post } = storeWithFakeApi(async () => LOGIN)
  provideStorage(store, memorySecureStorage())
  store.set(setSessionAtom, {
    uuid: 'device-2',
    token: 'guest',
    channel: { pc: '', dc: '', isLight: false },
    user: null,
  })
  renderRoutes(store, '/mine/setting/accoutCode-camera', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/mine/setting/accoutCode-camera',
      component: () => <CameraScanScreen deps={deps} />,
    }),
    createRoute({ getParentRoute: () => root, path: '/mine/', component: () => <p>MINE</p> }),
  ])
  return { post }
}

const pickLink = () => screen.getByRole('link', { name: t.scan.pickImage })

describe('CameraScanScreen', () => {
  it('reads frames until a credential shows up, logs in with it and stops the camera', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4)
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    vi.spyOn(HTMLMediaElement.prototype, 'srcObject', 'set').mockImplementation(() => {})
    const track = { stop: vi.fn() }
    const stream = { getTracks: () => [track] } as unknown as MediaStream
    const detect = vi.fn().mockResolvedValueOnce(['WIFI:S:home;;']).mockResolvedValue([CREDENTIAL])
    const { post } = renderCamera({
      detector: async () => ({ detect }),
      getUserMedia: async () => stream,
    })
    expect(await screen.findByText('MINE', {}, { timeout: 2000 })).toBeTruthy()
    expect(post).toHaveBeenCalledWith('user/qrcode/info', { credential: CREDENTIAL, devID: 'device-2' })
    expect(detect).toHaveBeenCalledTimes(2)
    expect(track.stop).toHaveBeenCalled()
  })

  it('explains a refused camera and offers the pick-an-image page', async () => {
    const detector = vi.fn()
    renderCamera({
      detector,
      getUserMedia: () => Promise.reject(new DOMException('no', 'NotAllowedError')),
    })
    expect((await screen.findByRole('alert')).textContent).toBe(t.scan.denied)
    expect(pickLink().getAttribute('href')).toBe('/mine/setting/accoutCodeCamera')
    expect(detector).not.toHaveBeenCalled()
  })

  it('says when there is no camera at all', async () => {
    renderCamera({ detector: vi.fn() })
    expect((await screen.findByRole('alert')).textContent).toBe(t.scan.unavailable)
    expect(pickLink()).toBeTruthy()
  })
})
