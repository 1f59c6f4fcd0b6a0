import { createRoute } from '@tanstack/react-router'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/messages-invitations.ts'
import type { ShareDeps } from '../../lib/share.ts'
import { Refusal, renderRoutes, storeWithFakeApi, type Post } from '../../testing/app-kit.tsx'
import { withConfig } from '../../testing/config-kit.ts'
import { testUser, withSession } from '../../testing/session-kit.ts'
import { Toaster } from '../../ui/toast.tsx'
import { createPagedList } from '../catalogue/public.ts'
import { InvitationScreen } from './invitation-screen.tsx'
import type { IncomeListMaker } from './invite.ts'
import { INVITE_LINK, SHARE_DOMAIN, income, invitee } from './testing.ts'

afterEach(cleanup)

/** As the route makes it. */
const makeList: IncomeListMaker = (source) => createPagedList(source.key, source.fetchPage)

async function renderScreen(post: Post, deps: ShareDeps = {}) {
  const { store, post: postMock } = storeWithFakeApi(post)
  await withSession(store, testUser())
  withConfig(store, { domain: SHARE_DOMAIN })
  renderRoutes(store, '/mine/invitation', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/mine/invitation',
      component: () => (
        <>
          <InvitationScreen makeList={makeList} deps={deps} />
          <Toaster />
        </>
      ),
    }),
    createRoute({ getParentRoute: () => root, path: '/mine/share', component: () => <p>poster</p> }),
  ])
  return { store, post: postMock }
}

describe('InvitationScreen', () => {
  it('shows the code, the H5SHAREURL link, the income and the invitees with what each earned, and copies', async () => {
    const copy = vi.fn(async () => {})
    const answer = income({
      totals: { invitees: 2, registered: 1, diamonds: 1250, points: 100 },
      invitees: {
        items: [invitee(1, { nickname: '小红', registered: true, diamonds: 1250, points: 100 }), invitee(2)],
        nextCursor: 'c2',
      },
    })
    const { post } = await renderScreen(
      async (name, body) =>
        name === 'user/invite/income' && body.cursor === 'c2'
          ? income({ invitees: { items: [invitee(3, { nickname: '小刚' })], nextCursor: null } })
          : answer,
      { copy },
    )
    expect(await screen.findByText('AB12CD')).toBeTruthy()
    expect(screen.getByText(INVITE_LINK)).toBeTruthy()
    const incomeBox = screen.getByRole('region', { name: t.invite.incomeTitle })
    expect(within(incomeBox).getByText('12.50')).toBeTruthy()
    expect(within(incomeBox).getByText('100')).toBeTruthy()
    const invitees = screen.getByRole('region', { name: t.invite.inviteesTitle })
    expect(within(invitees).getByText('小红')).toBeTruthy()
    expect(within(invitees).getByText(t.invite.earned('12.50', 100))).toBeTruthy()
    expect(screen.getByRole('link', { name: t.invite.toShare }).getAttribute('href')).toBe('/mine/share')

    fireEvent.click(screen.getByRole('button', { name: t.invite.copyLink }))
    expect(await screen.findByText(t.invite.linkCopied)).toBeTruthy()
    expect(copy).toHaveBeenCalledWith(INVITE_LINK)
    fireEvent.click(screen.getByRole('button', { name: t.invite.copyCode }))
    await waitFor(() => expect(copy).toHaveBeenLastCalledWith('AB12CD'))
    expect(post).toHaveBeenCalledWith('user/invite/income', {})
  })

  it('shows the empty state, and says when copying is not possible', async () => {
    await renderScreen(async () => income())
    expect(await screen.findByText(t.invite.noInvitees)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: t.invite.copyCode }))
    expect(await screen.findByText(t.invite.copyFailed)).toBeTruthy()
  })

  it("binds an inviter by code, shows the server's tip when refused, and hides the form once bound", async () => {
    const answers = [new Refusal(7064, '邀请码无效'), { id: 5, nickname: '老王' }]
    const { post } = await renderScreen(async (name) => (name === 'user/redeem' ? answers.shift() : income()))
    const field = await screen.findByLabelText(t.invite.bindTitle)
    fireEvent.change(field, { target: { value: ' XY99 ' } })
    fireEvent.click(screen.getByRole('button', { name: t.invite.bind }))
    expect((await screen.findByRole('alert')).textContent).toBe('邀请码无效')
    expect(post).toHaveBeenCalledWith('user/redeem', { code: 'XY99' })
    fireEvent.click(screen.getByRole('button', { name: t.invite.bind }))
    expect(await screen.findByText(t.invite.bound('老王'))).toBeTruthy()
    expect(screen.queryByLabelText(t.invite.bindTitle)).toBeNull()
  })

  it('hides the form when the server says an inviter is bound already (7065)', async () => {
    await renderScreen(async (name) => (name === 'user/redeem' ? new Refusal(7065, '已绑定过邀请人') : income()))
    fireEvent.change(await screen.findByLabelText(t.invite.bindTitle), { target: { value: 'XY99' } })
    fireEvent.click(screen.getByRole('button', { name: t.invite.bind }))
    expect(await screen.findByText('已绑定过邀请人')).toBeTruthy()
    expect(screen.queryByLabelText(t.invite.bindTitle)).toBeNull()
  })
})
