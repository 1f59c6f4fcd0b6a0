import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { t } from '../../lib/messages-uploads.ts'
import { testUser } from '../../testing/session-kit.ts'
import { memorySecureStorage, renderRoutes, storeWithFakeApi, type Post } from '../../testing/app-kit.tsx'
import { Toaster } from '../../ui/toast.tsx'
import { createRoute } from '@tanstack/react-router'
import { currentSessionAtom, setSessionAtom, sessionUserAtom, provideStorage } from '../session/public.ts'
import { AvatarScreen, type AvatarDeps } from './avatar-screen.tsx'

afterEach(cleanup)
// The new avatar is shown through the image fallback (no service worker here): keep it off the network.
vi.mock('../../lib/image-fallback.ts', () => ({
  pageImageFallback: () => ({ load: () => new Promise(() => {}), stored: () => new Promise(() => {}) }),
}))

const IMAGE = { imageId: 'AbCdEfGhIjKlMnOp', url: 'u/avatar.jpg', width: 512, height: 512 }
const USER: UserInfo = testUser({ id: 7, nickname: '小明', isGuest: false, account: 'xiaoming' })

function setup(post: Post, deps: Partial<AvatarDeps> = {}) {
  const { store, post: postMock } = storeWithFakeApi(post)
  const storage = memorySecureStorage()
  provideStorage(store, storage)
  store.set(setSessionAtom, { uuid: 'device-1', token: 'tok', channel: { pc: '', dc: '', isLight: false }, user: USER })
  const fullDeps: AvatarDeps = {
    open: async () => ({
      url: 'blob:picked',
      source: {} as CanvasImageSource,
      width: 800,
      height: 600,
      close: vi.fn(),
    }),
    render: vi.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' })),
    upload: vi.fn(async () => IMAGE),
    ...deps,
  }
  renderRoutes(store, '/mine/setting/avatar', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/mine/setting/avatar',
      component: () => (
        <>
          <AvatarScreen deps={fullDeps} />
          <Toaster />
        </>
      ),
    }),
  ])
  return { store, post: postMock, storage, deps: fullDeps }
}

const pickFile = async (file: File) => {
  fireEvent.change(await screen.findByLabelText(t.avatar.pick), { target: { files: [file] } })
}

describe('AvatarScreen', () => {
  it('uploads the cropped square with a progress bar, sets it with user/avatar and updates the session user', async () => {
    let finishUpload: (image: typeof IMAGE) => void = () => {}
    const upload = vi.fn<AvatarDeps['upload']>(
      (_api, _blob, options) =>
        new Promise((resolve) => {
          options.onProgress?.(512, 1024)
          finishUpload = resolve
        }),
    )
    const { store, post, storage, deps } = setup(
      async (name, body) => (name === 'user/avatar' ? { ...USER, avatar: `img/${String(body.imageId)}` } : null),
      { upload },
    )
    await pickFile(new File(['x'], 'me.png', { type: 'image/png' }))
    const area = await screen.findByRole('group', { name: t.avatar.cropArea })
    fireEvent.keyDown(area, { key: 'ArrowLeft' })
    fireEvent.click(screen.getByRole('button', { name: t.avatar.save }))

    const progress = await screen.findByRole('progressbar', { name: t.upload.progress })
    expect(progress.getAttribute('aria-valuenow')).toBe('50')
    expect(deps.render).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ width: 800, height: 600 }))
    finishUpload(IMAGE)

    expect(await screen.findByText(t.avatar.saved)).toBeTruthy()
    expect(post).toHaveBeenCalledWith('user/avatar', { imageId: IMAGE.imageId })
    expect(store.get(sessionUserAtom)?.avatar).toBe(`img/${IMAGE.imageId}`)
    expect(store.get(currentSessionAtom)?.token).toBe('tok')
    await waitFor(() => expect(storage.data.size).toBe(1))
    expect(screen.queryByRole('group', { name: t.avatar.cropArea })).toBeNull()
  })

  it('shows the failure with a retry that sends the same crop again', async () => {
    let attempts = 0
    const { post } = setup(async (name) => {
      if (name !== 'user/avatar') return null
      attempts++
      if (attempts === 1) throw new ApiError(ApiErrorKind.Business, '图片不存在', 7028)
      return { ...USER, avatar: 'img/new' }
    })
    await pickFile(new File(['x'], 'me.png', { type: 'image/png' }))
    fireEvent.click(await screen.findByRole('button', { name: t.avatar.save }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('图片不存在')
    fireEvent.click(within(alert).getByRole('button'))
    expect(await screen.findByText(t.avatar.saved)).toBeTruthy()
    expect(post).toHaveBeenCalledTimes(2)
  })

  it('refuses an image over 10 MB before uploading anything', async () => {
    const { deps } = setup(async () => null)
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' })
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 })
    await pickFile(big)
    expect((await screen.findByRole('alert')).textContent).toBe(t.upload.tooLarge(10))
    expect(screen.queryByRole('button', { name: t.avatar.save })).toBeNull()
    expect(deps.upload).not.toHaveBeenCalled()
  })
})
