import { Link, useRouter } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useId, useState, type MouseEvent, type ReactNode } from 'react'
import type { PointsSummary, SignIn, Task } from '../../../core/contracts/welfare.ts'
import { TaskKind, TaskState } from '../../../core/contracts/welfare-rules.ts'
import { resolveLink } from '../../../core/links/resolve-link.ts'
import { t } from '../../lib/messages-welfare.ts'
import { ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { claimTaskAtom, tasksRead } from './api.ts'
import { dataOf } from './live-read.ts'
import { rewardChangesUser, rewardText } from './reward.ts'
import { SignedOut } from './signed-out.tsx'
import { useRefreshOnReturn } from './use-refresh-on-return.ts'
import './welfare.css'

export interface WelfareScreenProps {
  /** The signed-in user (guests too); without one the page offers to log in or start again. */
  userId: number | null
  /** The apps grid (config statConfigApp.nineList), composed by the route from the ads feature. */
  apps?: ReactNode
  /** Asks user/info again after a reward of diamonds or VIP days, so Mine shows them (composed by the route). */
  onUserChanged?: () => void
  /** What 重试 does without a user (the page is loaded again); tests pass their own. */
  reload?: () => void
}

/**
 * /welfare/ (a kept tab page): the apps grid, the points with the level and the exchange, the
 * sign-in card, then the tasks. Asked again each time the tab shows and when the app comes back
 * to the foreground.
 */
export function WelfareScreen({ userId, apps, onUserChanged, reload }: WelfareScreenProps) {
  const state = useAtomValue(tasksRead.stateAtom)
  const load = useSetAtom(tasksRead.loadAtom)
  const owner = userId ?? 0
  const refresh = useCallback(() => void load(owner), [load, owner])
  useRefreshOnReturn(refresh, userId !== null)
  const data = dataOf(state, owner)

  return (
    <main className="page page--tab welfare">
      <header className="page-header page-header--brand">
        <h1 className="page-header__title">{t.pages.welfare}</h1>
      </header>
      {apps}
      {userId === null ? (
        <SignedOut message={t.signedOut.welfare} reload={reload} />
      ) : data ? (
        <>
          <PointsCard points={data.points} />
          <SignInCard
            owner={owner}
            signIn={data.signIn}
            task={data.tasks.find((task) => task.kind === TaskKind.SignIn)}
            onUserChanged={onUserChanged}
          />
          <TaskSection
            owner={owner}
            tasks={data.tasks.filter((task) => task.kind !== TaskKind.SignIn)}
            onUserChanged={onUserChanged}
          />
        </>
      ) : state.status === 'error' && state.owner === owner ? (
        <section className="card">
          <ErrorState message={state.message} onRetry={refresh} />
        </section>
      ) : (
        <section className="card welfare__loading">
          <Skeleton lines={6} />
        </section>
      )}
    </main>
  )
}

/** The points balance, the level (its page) and the exchange. */
export function PointsCard({ points, exchange = true }: { points: PointsSummary; exchange?: boolean }) {
  return (
    <section className="card welfare-points" aria-labelledby="welfare-points-title">
      <div className="welfare-points__balance">
        <h2 id="welfare-points-title" className="welfare-points__title">
          {t.welfare.points}
        </h2>
        <strong className="welfare-points__amount">{points.balance}</strong>
      </div>
      <div className="welfare-points__links">
        <Link
          to="/mine/pointLevel"
          className="welfare-points__level"
          aria-label={t.welfare.levelLink(points.level.name)}
        >
          {t.welfare.level(points.level.name)} <span aria-hidden="true">›</span>
        </Link>
        {exchange ? (
          <Link to="/welfare/exchange/" className="button button--small">
            {t.welfare.exchangeLink}
          </Link>
        ) : null}
      </div>
    </section>
  )
}

/** What a claim's answer does on screen: the reward's toast, and the user asked again when it changed. */
function useRewardNotice(onUserChanged: (() => void) | undefined) {
  const toast = useSetAtom(showToastAtom)
  return useCallback(
    (message: string, reward: Parameters<typeof rewardChangesUser>[0] | null) => {
      toast(message)
      if (reward && rewardChangesUser(reward)) onUserChanged?.()
    },
    [toast, onUserChanged],
  )
}

function SignInCard({
  owner,
  signIn,
  task,
  onUserChanged,
}: {
  owner: number
  signIn: SignIn
  task: Task | undefined
  onUserChanged: (() => void) | undefined
}) {
  const claim = useSetAtom(claimTaskAtom)
  const notice = useRewardNotice(onUserChanged)
  const [busy, setBusy] = useState(false)
  const titleId = useId()
  const canSign = !signIn.signedToday && task !== undefined && task.state !== TaskState.Claimed

  const handleSignIn = async () => {
    if (!task) return
    setBusy(true)
    const outcome = await claim({ taskId: task.id, owner })
    setBusy(false)
    if (outcome.status === 'rewarded') {
      notice(t.welfare.signIn.success(rewardText(outcome.result.reward)), outcome.result.reward)
    } else notice(outcome.message, null)
  }

  return (
    <section className="card welfare-sign" aria-labelledby={titleId}>
      <div className="welfare-sign__head">
        <div>
          <h2 id={titleId} className="card__title welfare-sign__title">
            {t.welfare.signIn.title}
          </h2>
          <p className="welfare-sign__streak">{t.welfare.signIn.streak(signIn.streak)}</p>
        </div>
        <button
          type="button"
          className="button welfare-sign__button"
          disabled={!canSign || busy}
          onClick={() => void handleSignIn()}
        >
          {signIn.signedToday ? t.welfare.signIn.done : busy ? t.welfare.signIn.signing : t.welfare.signIn.button}
        </button>
      </div>
      <ol className="welfare-sign__days" aria-label={t.welfare.signIn.week}>
        {signIn.days.map((day) => (
          <li
            key={day.day}
            className={day.signed ? 'welfare-day welfare-day--signed' : 'welfare-day'}
            aria-label={t.welfare.signIn.dayLabel(day.day, day.points, day.signed)}
          >
            <span className="welfare-day__points" aria-hidden="true">
              {day.signed ? '✓' : `+${day.points}`}
            </span>
            <span className="welfare-day__name" aria-hidden="true">
              {t.welfare.signIn.day(day.day)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}

function TaskSection({
  owner,
  tasks,
  onUserChanged,
}: {
  owner: number
  tasks: readonly Task[]
  onUserChanged: (() => void) | undefined
}) {
  const titleId = useId()
  return (
    <section className="card welfare-tasks" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t.welfare.tasks.title}
      </h2>
      {tasks.length === 0 ? (
        <p className="empty-state">{t.welfare.tasks.empty}</p>
      ) : (
        <ul className="welfare-tasks__list">
          {tasks.map((task) => (
            <TaskRow key={task.id} owner={owner} task={task} onUserChanged={onUserChanged} />
          ))}
        </ul>
      )}
    </section>
  )
}

function TaskRow({
  owner,
  task,
  onUserChanged,
}: {
  owner: number
  task: Task
  onUserChanged: (() => void) | undefined
}) {
  const titleId = useId()
  const goal = Math.max(1, task.goal)
  const progress = Math.min(task.progress, goal)
  return (
    <li className="welfare-task" aria-labelledby={titleId}>
      <div className="welfare-task__text">
        <h3 id={titleId} className="welfare-task__title">
          {task.title}
          <span className="welfare-task__reward">{rewardText(task.reward)}</span>
        </h3>
        {task.description ? <p className="welfare-task__description">{task.description}</p> : null}
        <div className="welfare-task__progress">
          <div
            className="welfare-bar"
            role="progressbar"
            aria-label={t.welfare.tasks.progressLabel(task.title)}
            aria-valuemin={0}
            aria-valuemax={goal}
            aria-valuenow={progress}
            aria-valuetext={`${progress}/${goal}`}
          >
            <span className="welfare-bar__fill" style={{ width: `${(progress / goal) * 100}%` }} />
          </div>
          <span className="welfare-task__count" aria-hidden="true">
            {progress}/{goal}
          </span>
        </div>
      </div>
      <TaskAction owner={owner} task={task} describedBy={titleId} onUserChanged={onUserChanged} />
    </li>
  )
}

/** The task's button; `describedBy` (its title) tells a screen reader which task a 领取 is for. */
function TaskAction({
  owner,
  task,
  describedBy,
  onUserChanged,
}: {
  owner: number
  task: Task
  describedBy: string
  onUserChanged: (() => void) | undefined
}) {
  const router = useRouter()
  const claim = useSetAtom(claimTaskAtom)
  const notice = useRewardNotice(onUserChanged)
  const [busy, setBusy] = useState(false)

  if (task.state === TaskState.Claimed) {
    return (
      <button
        type="button"
        className="button button--small welfare-task__button"
        disabled
        aria-describedby={describedBy}
      >
        {t.welfare.tasks.claimed}
      </button>
    )
  }
  if (task.state === TaskState.Claimable) {
    const handleClaim = async () => {
      setBusy(true)
      const outcome = await claim({ taskId: task.id, owner })
      setBusy(false)
      if (outcome.status === 'rewarded') {
        notice(t.welfare.tasks.claimedToast(rewardText(outcome.result.reward)), outcome.result.reward)
      } else notice(outcome.message, null)
    }
    return (
      <button
        type="button"
        className="button button--small welfare-task__button"
        disabled={busy}
        aria-describedby={describedBy}
        onClick={() => void handleClaim()}
      >
        {busy ? t.welfare.tasks.claiming : t.welfare.tasks.claim}
      </button>
    )
  }
  // 去完成 leads where the task is done: an app path (anything else the app cannot open for it).
  const target = resolveLink(task.link)
  if (target.kind !== 'internal') return null
  const handleGo = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    event.preventDefault()
    void router.navigate({ href: target.path })
  }
  return (
    <a
      className="button button--small button--ghost welfare-task__button"
      href={target.path}
      aria-describedby={describedBy}
      onClick={handleGo}
    >
      {t.welfare.tasks.go}
    </a>
  )
}
