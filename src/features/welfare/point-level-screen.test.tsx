import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/messages-welfare.ts'
import { testUser } from '../../testing/session-kit.ts'
import { levelProgress, PointLevelScreen } from './point-level-screen.tsx'
import { LEVELS, levels, Refusal, renderWelfare, type Post } from './testing.tsx'

afterEach(cleanup)

const user = testUser({ id: 42 })

const open = (post: Post) =>
  renderWelfare('/mine/pointLevel', '/mine/pointLevel', () => <PointLevelScreen userId={user.id} />, post, user)

describe('PointLevelScreen', () => {
  it('shows the level, lifetime points and the way to the next level, each level with the current marked', async () => {
    await open(async (name) => {
      if (name === 'points/levels') return levels()
      throw new Error(name)
    })
    const current = await screen.findByRole('region', { name: '青铜' })
    expect(within(current).getByText(t.pointLevel.lifetime(300))).toBeTruthy()
    const bar = within(current).getByRole('progressbar', { name: t.pointLevel.progressLabel('白银') })
    expect(['valuemin', 'valuemax', 'valuenow'].map((key) => bar.getAttribute(`aria-${key}`))).toEqual([
      '100',
      '500',
      '300',
    ])
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('50%')
    expect(within(current).getByText(t.pointLevel.toNext(200, '白银'))).toBeTruthy()

    const rows = within(screen.getByRole('region', { name: t.pointLevel.levels })).getAllByRole('listitem', {
      current: undefined,
    })
    const levelRows = rows.filter((row) => row.classList.contains('welfare-level-row'))
    expect(levelRows.map((row) => row.getAttribute('aria-current'))).toEqual([null, 'true', null])
    expect(levelRows[0]!.textContent).toContain(t.pointLevel.noPerks)
    expect(levelRows[2]!.textContent).toContain(t.pointLevel.threshold(500))
    expect(levelRows[2]!.textContent).toContain('专属头像框')
  })

  it('says the top level is reached, with no bar', async () => {
    await open(async () => levels({ lifetime: 800, level: LEVELS[2]!, next: null }))
    const current = await screen.findByRole('region', { name: '白银' })
    expect(within(current).getByText(t.pointLevel.top)).toBeTruthy()
    expect(within(current).queryByRole('progressbar')).toBeNull()
  })

  it('shows an error with a retry', async () => {
    await open(async () => new Refusal(5000, '服务繁忙'))
    expect(await screen.findByText('服务繁忙')).toBeTruthy()
    expect(screen.getByRole('button', { name: t.common.retry })).toBeTruthy()
  })
})

describe('PointLevelScreen without a user', () => {
  it('asks for nothing and offers to log in or start again', async () => {
    const reload = vi.fn()
    const { post } = await renderWelfare(
      '/mine/pointLevel',
      '/mine/pointLevel',
      () => <PointLevelScreen userId={null} reload={reload} />,
      async (name) => {
        throw new Error(name)
      },
      null,
    )
    const alert = screen.getByRole('alert')
    expect(within(alert).getByText(t.signedOut.pointLevel)).toBeTruthy()
    expect(within(alert).getByRole('link', { name: t.signedOut.login }).getAttribute('href')).toBe('/mine/login')
    fireEvent.click(within(alert).getByRole('button', { name: t.common.retry }))
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('status', { name: t.common.loading })).toBeNull()
    expect(post).not.toHaveBeenCalled()
  })
})

describe('levelProgress', () => {
  it.each([
    [300, 100, 500, 0.5],
    [50, 100, 500, 0],
    [900, 100, 500, 1],
    [5, 10, 10, 1],
  ])('%i between %i and %i → %f', (lifetime, from, to, share) => {
    expect(levelProgress(lifetime, from, to)).toBe(share)
  })
})
