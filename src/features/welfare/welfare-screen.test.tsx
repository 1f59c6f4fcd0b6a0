import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/messages-welfare.ts'
import { testUser } from '../../testing/session-kit.ts'
import { WelfareScreen } from './welfare-screen.tsx'
import { points, Refusal, renderWelfare, task, taskList, type Post } from './testing.tsx'

afterEach(() => {
  cleanup()
  Reflect.deleteProperty(document, 'visibilityState')
})

const user = testUser({ id: 42 })

async function open(post: Post, onUserChanged = vi.fn()) {
  const rendered = await renderWelfare(
    '/welfare/',
    '/welfare/',
    () => <WelfareScreen userId={user.id} apps={<nav aria-label="apps" />} onUserChanged={onUserChanged} />,
    post,
    user,
  )
  return { onUserChanged, ...rendered }
}

const signCard = () => screen.getByRole('region', { name: t.welfare.signIn.title })
const taskRow = (title: string) => screen.getByRole('listitem', { name: new RegExp(title) })
const calls = (post: { mock: { calls: [string, Record<string, unknown>][] } }, name: string) =>
  post.mock.calls.filter(([called]) => called === name).map(([, body]) => body)

describe('WelfareScreen', () => {
  it('shows a skeleton, then the points, the week and the tasks with their progress and rewards', async () => {
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const { post } = await open(async (name) => {
      if (name === 'usertask/list') {
        await answered
        return taskList()
      }
      throw new Error(name)
    })
    expect(screen.getByRole('status', { name: t.common.loading })).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'apps' })).toBeTruthy()
    await act(async () => answer())

    const pointsCard = screen.getByRole('region', { name: t.welfare.points })
    expect(within(pointsCard).getByText('120')).toBeTruthy()
    expect(
      within(pointsCard)
        .getByRole('link', { name: t.welfare.levelLink('青铜') })
        .getAttribute('href'),
    ).toBe('/mine/pointLevel')
    // The app's router keeps the trailing slash as written (trailingSlash: 'preserve'); the test router trims it.
    expect(within(pointsCard).getByRole('link', { name: t.welfare.exchangeLink }).getAttribute('href')).toMatch(
      /^\/welfare\/exchange\/?$/,
    )

    expect(within(signCard()).getByText(t.welfare.signIn.streak(2))).toBeTruthy()
    const days = within(signCard()).getAllByRole('listitem')
    expect(days.map((day) => day.getAttribute('aria-label'))).toEqual([
      t.welfare.signIn.dayLabel(1, 10, true),
      t.welfare.signIn.dayLabel(2, 10, true),
      t.welfare.signIn.dayLabel(3, 15, false),
      t.welfare.signIn.dayLabel(4, 15, false),
      t.welfare.signIn.dayLabel(5, 20, false),
      t.welfare.signIn.dayLabel(6, 20, false),
      t.welfare.signIn.dayLabel(7, 50, false),
    ])

    const tasks = screen.getByRole('region', { name: t.welfare.tasks.title })
    // The sign-in task is the card's button, not a row.
    expect(within(tasks).queryByText('每日签到')).toBeNull()
    const watch = taskRow('观看视频')
    expect(within(watch).getByText('+20 积分')).toBeTruthy()
    const bar = within(watch).getByRole('progressbar', { name: t.welfare.tasks.progressLabel('观看视频') })
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['1', '3'])
    expect(within(watch).getByRole('link', { name: t.welfare.tasks.go })).toBeTruthy()
    expect(within(taskRow('发布帖子')).getByText('+10 钻石')).toBeTruthy()
    expect(within(taskRow('发布帖子')).getByRole('button', { name: t.welfare.tasks.claim })).toBeTruthy()
    const done = within(taskRow('绑定手机')).getByRole('button', { name: t.welfare.tasks.claimed }) as HTMLButtonElement
    expect(done.disabled).toBe(true)
    expect(calls(post, 'usertask/list')).toHaveLength(1)
  })

  it('signs in: the card shows today signed, the toast the reward, and the points change', async () => {
    let signed = false
    const { post, onUserChanged } = await open(async (name, body) => {
      if (name === 'usertask/list') return signed ? taskList({ points: points({ balance: 135 }) }, 3, true) : taskList()
      if (name === 'usertask/get') {
        expect(body).toEqual({ taskId: 1 })
        signed = true
        return { reward: { kind: 'points', amount: 15 }, points: points({ balance: 135 }) }
      }
      throw new Error(name)
    })
    const button = await within(await screen.findByRole('region', { name: t.welfare.signIn.title })).findByRole(
      'button',
      { name: t.welfare.signIn.button },
    )
    await act(async () => fireEvent.click(button))

    expect(await screen.findByText(t.welfare.signIn.success('+15 积分'))).toBeTruthy()
    const done = within(signCard()).getByRole('button', { name: t.welfare.signIn.done }) as HTMLButtonElement
    expect(done.disabled).toBe(true)
    expect(within(signCard()).getByText(t.welfare.signIn.streak(3))).toBeTruthy()
    expect(within(signCard()).getByRole('listitem', { name: t.welfare.signIn.dayLabel(3, 15, true) })).toBeTruthy()
    expect(within(screen.getByRole('region', { name: t.welfare.points })).getByText('135')).toBeTruthy()
    expect(calls(post, 'usertask/get')).toHaveLength(1)
    // Points alone do not change the user.
    expect(onUserChanged).not.toHaveBeenCalled()
  })

  it('claims a finished task in place, and asks for the user again after diamonds', async () => {
    // The list asked again after the claim stays unanswered: what shows is the change in place.
    let claimed = false
    const { post, onUserChanged } = await open(async (name, body) => {
      if (name === 'usertask/list') return claimed ? new Promise(() => {}) : taskList()
      if (name === 'usertask/get') {
        expect(body).toEqual({ taskId: 3 })
        claimed = true
        return { reward: { kind: 'diamonds', amount: 1000 }, points: points({ balance: 150 }) }
      }
      throw new Error(name)
    })
    const claim = await within(await screen.findByRole('listitem', { name: /发布帖子/ })).findByRole('button', {
      name: t.welfare.tasks.claim,
    })
    await act(async () => fireEvent.click(claim))

    expect(await screen.findByText(t.welfare.tasks.claimedToast('+10 钻石'))).toBeTruthy()
    const done = within(taskRow('发布帖子')).getByRole('button', { name: t.welfare.tasks.claimed }) as HTMLButtonElement
    expect(done.disabled).toBe(true)
    expect(within(screen.getByRole('region', { name: t.welfare.points })).getByText('150')).toBeTruthy()
    expect(onUserChanged).toHaveBeenCalledTimes(1)
    expect(calls(post, 'usertask/get')).toEqual([{ taskId: 3 }])
    expect(calls(post, 'usertask/list')).toHaveLength(2)
  })

  it('shows a refused claim with its tip and the list as the server has it', async () => {
    let claimed = false
    await open(async (name) => {
      if (name === 'usertask/list') {
        const list = taskList()
        return claimed ? { ...list, tasks: list.tasks.map((x) => (x.id === 3 ? { ...x, state: 'claimed' } : x)) } : list
      }
      if (name === 'usertask/get') {
        claimed = true
        return new Refusal(7063)
      }
      throw new Error(name)
    })
    const claim = await within(await screen.findByRole('listitem', { name: /发布帖子/ })).findByRole('button', {
      name: t.welfare.tasks.claim,
    })
    await act(async () => fireEvent.click(claim))
    expect(await screen.findByText('奖励已领取')).toBeTruthy()
    expect(within(taskRow('发布帖子')).getByRole('button', { name: t.welfare.tasks.claimed })).toBeTruthy()
  })

  it('去完成 goes where the task is done', async () => {
    const { router } = await open(async (name) => {
      if (name === 'usertask/list') return taskList({ tasks: [task(5, { title: '分享', link: '/mine/share' })] })
      throw new Error(name)
    })
    const go = await within(await screen.findByRole('listitem', { name: /分享/ })).findByRole('link', {
      name: t.welfare.tasks.go,
    })
    expect(go.getAttribute('href')).toBe('/mine/share')
    await act(async () => fireEvent.click(go))
    expect(await screen.findByText('stub /mine/share')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/mine/share')
  })

  it('shows an error with a retry, and asks again when the app comes back to the foreground', async () => {
    let fail = true
    let watched = 1
    const { post } = await open(async (name) => {
      if (name !== 'usertask/list') throw new Error(name)
      if (fail) return new Refusal(5000, '服务繁忙')
      return taskList({ tasks: [task(2, { title: '观看视频', progress: watched })] })
    })
    expect(await screen.findByText('服务繁忙')).toBeTruthy()
    fail = false
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.common.retry })))
    expect(await screen.findByText('1/3')).toBeTruthy()

    watched = 2
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
    await act(async () => document.dispatchEvent(new Event('visibilitychange')))
    expect(await screen.findByText('2/3')).toBeTruthy()
    expect(calls(post, 'usertask/list')).toHaveLength(3)
  })

  it('without a user asks for nothing and offers to log in or start again', async () => {
    const reload = vi.fn()
    const { post } = await renderWelfare(
      '/welfare/',
      '/welfare/',
      () => <WelfareScreen userId={null} reload={reload} />,
      async (name) => {
        throw new Error(name)
      },
      null,
    )
    const alert = screen.getByRole('alert')
    expect(within(alert).getByText(t.signedOut.welfare)).toBeTruthy()
    expect(within(alert).getByRole('link', { name: t.signedOut.login }).getAttribute('href')).toBe('/mine/login')
    fireEvent.click(within(alert).getByRole('button', { name: t.common.retry }))
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('status', { name: t.common.loading })).toBeNull()
    expect(post).not.toHaveBeenCalled()
  })
})
