import { createRoute } from '@tanstack/react-router'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { t } from '../../lib/messages-credentials.ts'
import { testUser } from '../../testing/session-kit.ts'
import { memorySecureStorage, renderRoutes, storeWithFakeApi, type Post } from '../../testing/app-kit.tsx'
import { Toaster } from '../../ui/toast.tsx'
import { provideStorage, sessionUserAtom, setSessionAtom } from '../session/public.ts'
import { CredentialsScreen, type CredentialsDeps } from './credentials-screen.tsx'

afterEach(cleanup)

const FIRST = `MQC1-${'a'.repeat(43)}`
const SECOND = `MQC1-${'b'.repeat(43)}`
const USER: UserInfo = testUser({ id: 7, nickname: '小明', isGuest: false, account: 'xiaoming' })

/** A server with one credential at a time; user/info tells when it was made. */
function fakeServer(createdAt = 0) {
  const server = { createdAt, next: [FIRST, SECOND] }
  const post: Post = async (name) => {
    if (name === 'user/info') return { ...USER, credentialCreatedAt: server.createdAt, token: 'tok' }
    if (name === 'user/qrcode') {
      server.createdAt += 100
      return { credential: server.next.shift(), createdAt: server.createdAt }
    }
    throw new Error(`unexpected ${name}`)
  }
  return { server, post }
}

function renderScreen(post: Post, storage = memorySecureStorage()) {
  const { store, post: postMock } = storeWithFakeApi(post)
  provideStorage(store, storage)
  store.set(setSessionAtom, { uuid: 'device-1', token: 'tok', channel: { pc: '', dc: '', isLight: false }, user: USER })
  const deps = {
    draw: vi.fn<CredentialsDeps['draw']>(),
    save: vi.fn<CredentialsDeps['save']>(async () => {}),
  }
  renderRoutes(store, '/mine/credentials', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/mine/credentials',
      component: () => (
        <>
          <CredentialsScreen deps={deps} />
          <Toaster />
        </>
      ),
    }),
  ])
  return { store, post: postMock, storage, deps }
}

const card = () => screen.findByRole('img', { name: t.credentials.cardLabel(USER.id, USER.nickname) })

describe('CredentialsScreen', () => {
  it('generates a credential, keeps it on this device and shows the card again on a later visit', async () => {
    const { post: answer } = fakeServer()
    const first = renderScreen(answer)
    fireEvent.click(await screen.findByRole('button', { name: t.credentials.generate }))
    const canvas = await card()
    // The card draws in an effect, which React may run after the canvas is in the document.
    await waitFor(() =>
      expect(first.deps.draw).toHaveBeenLastCalledWith(canvas, FIRST, {
        appName: 'Marquee',
        userId: t.credentials.cardId(7),
        nickname: '小明',
        hint: '请妥善保存，凭此卡可在其他设备恢复账号',
      }),
    )
    expect(first.storage.data.get('credential:7')).toEqual({ credential: FIRST, createdAt: 100 })
    await waitFor(() => expect(first.store.get(sessionUserAtom)?.credentialCreatedAt).toBe(100))

    fireEvent.click(screen.getByRole('button', { name: t.credentials.save }))
    await waitFor(() => expect(first.deps.save).toHaveBeenCalledWith(canvas, 'marquee-credential-7.png'))
    expect(await screen.findByText(t.credentials.saved)).toBeTruthy()
    cleanup()

    const again = renderScreen(answer, first.storage)
    await card()
    await waitFor(() => expect(again.deps.draw).toHaveBeenLastCalledWith(expect.anything(), FIRST, expect.anything()))
    expect(again.post.mock.calls.map(([name]) => name)).toEqual(['user/info'])
  })

  it('explains a credential this device does not keep, and regenerates only after confirmation', async () => {
    const { post: answer } = fakeServer(50)
    const { post, deps, storage } = renderScreen(answer)
    expect(await screen.findByText(t.credentials.elsewhere)).toBeTruthy()
    expect(screen.queryByRole('img')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: t.credentials.regenerate }))
    const dialog = await screen.findByRole('alertdialog', { name: t.credentials.regenerateTitle })
    expect(dialog.textContent).toContain(t.credentials.regenerateBody)
    fireEvent.click(screen.getByRole('button', { name: t.credentials.cancel }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(post).not.toHaveBeenCalledWith('user/qrcode', expect.anything())

    fireEvent.click(screen.getByRole('button', { name: t.credentials.regenerate }))
    fireEvent.click(await screen.findByRole('button', { name: t.credentials.regenerateConfirm }))
    await card()
    await waitFor(() => expect(deps.draw).toHaveBeenLastCalledWith(expect.anything(), FIRST, expect.anything()))
    expect(storage.data.get('credential:7')).toEqual({ credential: FIRST, createdAt: 150 })
  })

  it('regenerating from the card replaces the kept credential', async () => {
    const { post: answer } = fakeServer()
    const { deps, storage } = renderScreen(answer)
    fireEvent.click(await screen.findByRole('button', { name: t.credentials.generate }))
    await card()
    fireEvent.click(screen.getByRole('button', { name: t.credentials.regenerate }))
    fireEvent.click(await screen.findByRole('button', { name: t.credentials.regenerateConfirm }))
    await waitFor(() => expect(deps.draw).toHaveBeenLastCalledWith(expect.anything(), SECOND, expect.anything()))
    expect(storage.data.get('credential:7')).toEqual({ credential: SECOND, createdAt: 200 })
  })
})
