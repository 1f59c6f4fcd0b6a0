import { createRoute } from '@tanstack/react-router'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/messages-invitations.ts'
import type { ShareDeps } from '../../lib/share.ts'
import { renderRoutes, storeWithFakeApi } from '../../testing/app-kit.tsx'
import { withConfig } from '../../testing/config-kit.ts'
import { testUser, withSession } from '../../testing/session-kit.ts'
import { Toaster } from '../../ui/toast.tsx'
import { ShareScreen, type PosterDeps } from './share-screen.tsx'
import { INVITE_LINK, SHARE_DOMAIN, income } from './testing.ts'

afterEach(cleanup)

function posterDeps() {
  const file = new File(['png'], 'poster.png', { type: 'image/png' })
  const deps = {
    draw: vi.fn<PosterDeps['draw']>(),
    file: vi.fn<PosterDeps['file']>(async () => file),
    save: vi.fn<PosterDeps['save']>(async () => {}),
  }
  let release: () => void = () => {}
  const loaded = new Promise<void>((resolve) => (release = resolve))
  // Resolves when the test says: the skeleton shows until the poster's code is in.
  const load = () => loaded.then(() => deps)
  return { deps, file, load, release: () => release() }
}

async function renderScreen(share: ShareDeps, load: () => Promise<PosterDeps>) {
  const { store, post } = storeWithFakeApi(async () => income())
  await withSession(store, testUser())
  withConfig(store, { domain: SHARE_DOMAIN })
  renderRoutes(store, '/mine/share', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/mine/share',
      component: () => (
        <>
          <ShareScreen share={share} poster={load} />
          <Toaster />
        </>
      ),
    }),
  ])
  return { post }
}

describe('ShareScreen', () => {
  it('shows a skeleton, then draws the poster with the invite link and code, and saves it as a PNG', async () => {
    const poster = posterDeps()
    await renderScreen({}, poster.load)
    expect(await screen.findByRole('status', { name: t.common.loading })).toBeTruthy()
    poster.release()
    const canvas = await screen.findByRole('img', { name: t.invite.posterLabel('AB12CD') })
    await waitFor(() =>
      expect(poster.deps.draw).toHaveBeenCalledWith(canvas, {
        appName: t.appName,
        line: t.invite.posterLine,
        codeLine: t.invite.posterCode('AB12CD'),
        link: INVITE_LINK,
      }),
    )
    fireEvent.click(screen.getByRole('button', { name: t.invite.save }))
    expect(await screen.findByText(t.invite.saved)).toBeTruthy()
    expect(poster.deps.save).toHaveBeenCalledWith(canvas, t.invite.fileName('AB12CD'))
  })

  it('falls back to copying the link where the browser has no share sheet', async () => {
    const poster = posterDeps()
    poster.release()
    const copy = vi.fn(async () => {})
    await renderScreen({ copy }, poster.load)
    expect(screen.queryByRole('button', { name: t.invite.share })).toBeNull()
    fireEvent.click(await screen.findByRole('button', { name: t.invite.copyLink }))
    expect(await screen.findByText(t.invite.linkCopied)).toBeTruthy()
    expect(copy).toHaveBeenCalledWith(INVITE_LINK)
  })

  it('shares the link with the poster made once, within the tap, else the link alone', async () => {
    const poster = posterDeps()
    poster.release()
    const share = vi.fn(async (_data: ShareData) => {})
    let files = true
    await renderScreen({ share, canShare: () => files }, poster.load)
    const button = await screen.findByRole('button', { name: t.invite.share })
    await waitFor(() => expect(poster.deps.file).toHaveBeenCalledTimes(1))
    await act(async () => {})
    // Safari opens the sheet only within the tap: nothing may be awaited before share.
    fireEvent.click(button)
    expect(share).toHaveBeenCalledWith({ title: t.invite.shareTitle, url: INVITE_LINK, files: [poster.file] })
    files = false
    fireEvent.click(button)
    expect(share).toHaveBeenLastCalledWith({ title: t.invite.shareTitle, url: INVITE_LINK })
    expect(poster.deps.file).toHaveBeenCalledTimes(1)
  })

  it('copies the link when the sheet refuses', async () => {
    const poster = posterDeps()
    poster.release()
    const share = vi.fn(async () => {
      throw new DOMException('not allowed', 'NotAllowedError')
    })
    const copy = vi.fn(async () => {})
    await renderScreen({ share, copy }, poster.load)
    fireEvent.click(await screen.findByRole('button', { name: t.invite.share }))
    expect(await screen.findByText(t.invite.linkCopied)).toBeTruthy()
    expect(copy).toHaveBeenCalledWith(INVITE_LINK)
  })
})
