import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { userInfo, userQrcode } from '../../../core/contracts/calls.ts'
import { UserInfoSchema, type UserInfo } from '../../../core/contracts/session.ts'
import { ApiError, ApiErrorKind, errorMessage, type Api } from '../../lib/http.ts'
import { t } from '../../lib/messages-credentials.ts'
import { apiAtom } from '../../lib/store.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { Sheet } from '../../ui/sheet.tsx'
import { ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { secureStorageAtom, updateSessionUserAtom } from '../session/public.ts'
import { saveCanvasImage } from '../../lib/canvas-image.ts'
import { drawCredentialCard, type CardText } from './credential-card.ts'
import { keepCredential, readKeptCredential, type KeptCredential } from './credential-store.ts'
import './credentials.css'

export interface CredentialsDeps {
  draw(canvas: HTMLCanvasElement, credential: string, text: CardText): void
  save(canvas: HTMLCanvasElement, fileName: string): Promise<void>
}

const pageDeps: CredentialsDeps = { draw: drawCredentialCard, save: saveCanvasImage }

type View =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** No credential yet. */
  | { status: 'none' }
  /** The server has one this device does not keep (made elsewhere, or this device's storage was cleared). */
  | { status: 'elsewhere' }
  | { status: 'card'; kept: KeptCredential }

/** The own user info, read afresh (the card's state depends on credentialCreatedAt), without the token. */
async function readOwnUser(api: Api): Promise<UserInfo> {
  const own = v.safeParse(UserInfoSchema, await api.call(userInfo, {}))
  if (!own.success) throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse)
  return own.output
}

function viewOf(user: UserInfo, kept: KeptCredential | null): View {
  if (kept && kept.createdAt === user.credentialCreatedAt) return { status: 'card', kept }
  return user.credentialCreatedAt > 0 ? { status: 'elsewhere' } : { status: 'none' }
}

function CredentialCard({ user, kept, deps }: { user: UserInfo; kept: KeptCredential; deps: CredentialsDeps }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const showToast = useSetAtom(showToastAtom)
  const nickname = user.nickname || String(user.id)
  useEffect(() => {
    if (!canvas.current) return
    deps.draw(canvas.current, kept.credential, {
      appName: t.appName,
      userId: t.credentials.cardId(user.id),
      nickname,
      hint: t.credentials.cardHint,
    })
  }, [deps, kept.credential, user.id, nickname])
  const handleSave = () => {
    if (!canvas.current) return
    deps.save(canvas.current, t.credentials.fileName(user.id)).then(
      () => showToast(t.credentials.saved),
      () => showToast(t.credentials.saveFailed),
    )
  }
  return (
    <>
      <canvas
        ref={canvas}
        className="credential-card"
        role="img"
        aria-label={t.credentials.cardLabel(user.id, nickname)}
      />
      <button type="button" className="button" onClick={handleSave}>
        {t.credentials.save}
      </button>
    </>
  )
}

/**
 * /mine/credentials: the account's credential QR card. The server shows a credential once, so the
 * card is kept in this device's encrypted storage (one per user) and shown again from there.
 */
export function CredentialsScreen({ deps = pageDeps }: { deps?: CredentialsDeps }) {
  const api = useAtomValue(apiAtom)
  const storage = useAtomValue(secureStorageAtom)
  const updateUser = useSetAtom(updateSessionUserAtom)
  const [user, setUser] = useState<UserInfo | null>(null)
  const [view, setView] = useState<View>({ status: 'loading' })
  const [confirming, setConfirming] = useState(false)
  const [generating, setGenerating] = useState(false)
  const [failure, setFailure] = useState('')

  // Bumped by the retry button to read again.
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let current = true
    const read = async () => {
      const own = await readOwnUser(api)
      await updateUser(own)
      return { own, kept: await readKeptCredential(storage, own.id) }
    }
    read().then(
      ({ own, kept }) => {
        if (!current) return
        setUser(own)
        setView(viewOf(own, kept))
      },
      (error: unknown) => {
        if (current) setView({ status: 'error', message: errorMessage(error) })
      },
    )
    return () => {
      current = false
    }
  }, [api, storage, updateUser, attempt])

  const handleRetry = () => {
    setView({ status: 'loading' })
    setAttempt((count) => count + 1)
  }

  const closeConfirm = useCallback(() => setConfirming(false), [])

  const handleGenerate = async () => {
    if (!user) return
    setConfirming(false)
    setGenerating(true)
    setFailure('')
    try {
      const kept = await api.call(userQrcode)
      // Shown once by the server: kept before anything else can fail.
      await keepCredential(storage, user.id, kept)
      const next = { ...user, credentialCreatedAt: kept.createdAt }
      setUser(next)
      setView({ status: 'card', kept })
      await updateUser(next)
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t.credentials.failed)
    } finally {
      setGenerating(false)
    }
  }

  const regenerateButton = (
    <button
      type="button"
      className="button button--ghost"
      disabled={generating}
      aria-busy={generating}
      onClick={() => setConfirming(true)}
    >
      {generating ? t.credentials.generating : t.credentials.regenerate}
    </button>
  )
  return (
    <main className="page">
      <PageHeader title={t.pages.credentials} />
      <section className="card credentials">
        <p className="credentials__text">{t.credentials.intro}</p>
        <p className="credentials__text">{t.credentials.secret}</p>
        {view.status === 'loading' ? <Skeleton lines={2} /> : null}
        {view.status === 'error' ? <ErrorState message={view.message} onRetry={handleRetry} /> : null}
        {view.status === 'none' ? (
          <button
            type="button"
            className="button"
            disabled={generating}
            aria-busy={generating}
            onClick={() => void handleGenerate()}
          >
            {generating ? t.credentials.generating : t.credentials.generate}
          </button>
        ) : null}
        {view.status === 'elsewhere' ? (
          <>
            <p className="credentials__text">{t.credentials.elsewhere}</p>
            {regenerateButton}
          </>
        ) : null}
        {view.status === 'card' && user ? (
          <>
            <CredentialCard user={user} kept={view.kept} deps={deps} />
            {regenerateButton}
          </>
        ) : null}
        {failure ? (
          <p className="credentials__error" role="alert">
            {failure}
          </p>
        ) : null}
      </section>
      {confirming ? (
        <Sheet
          role="alertdialog"
          title={t.credentials.regenerateTitle}
          onClose={closeConfirm}
          actions={
            <>
              <button type="button" className="button button--ghost" onClick={closeConfirm}>
                {t.credentials.cancel}
              </button>
              <button type="button" className="button" onClick={() => void handleGenerate()}>
                {t.credentials.regenerateConfirm}
              </button>
            </>
          }
        >
          <p>{t.credentials.regenerateBody}</p>
        </Sheet>
      ) : null}
    </main>
  )
}
