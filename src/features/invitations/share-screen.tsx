import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { userInviteIncome } from '../../../core/contracts/calls-welfare.ts'
import { errorMessage } from '../../lib/http.ts'
import { saveCanvasImage } from '../../lib/canvas-image.ts'
import { t } from '../../lib/messages-invitations.ts'
import { browserShare, copyText, shareLink, type ShareDeps } from '../../lib/share.ts'
import { apiAtom } from '../../lib/store.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { appConfigAtom } from '../session/public.ts'
import { inviteLink } from './invite.ts'
import type { PosterText } from './poster.ts'
import './invitations.css'

/** The poster's drawing and files, loaded with the QR library only on this page. */
export interface PosterDeps {
  draw(canvas: HTMLCanvasElement, text: PosterText): void
  /** The poster as a PNG file, made once after it is drawn. */
  file(canvas: HTMLCanvasElement, fileName: string): Promise<File | null>
  save(canvas: HTMLCanvasElement, fileName: string): Promise<void>
}

const loadPoster = (): Promise<PosterDeps> =>
  import('./poster.ts').then(({ drawInvitePoster, posterFile }) => ({
    draw: drawInvitePoster,
    file: posterFile,
    save: saveCanvasImage,
  }))

type View =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; code: string; link: string | undefined; poster: PosterDeps }

/**
 * /mine/share: a poster with the invite link's QR code, 保存图片, and 分享 through the system sheet
 * (with the poster where the browser can share files) — or 复制链接 where there is no sheet.
 */
export function ShareScreen({
  share = browserShare,
  poster = loadPoster,
}: {
  share?: ShareDeps
  poster?: () => Promise<PosterDeps>
}) {
  const api = useAtomValue(apiAtom)
  const config = useAtomValue(appConfigAtom)
  const showToast = useSetAtom(showToastAtom)
  const canvas = useRef<HTMLCanvasElement>(null)
  const [view, setView] = useState<View>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  // Made once the poster is drawn: Safari lets navigator.share open only while the tap's user
  // activation lasts, and awaiting toBlob inside the tap would use it up.
  // https://developer.mozilla.org/en-US/docs/Web/API/Navigator/share#security
  const [posterFile, setPosterFile] = useState<File | null>(null)

  useEffect(() => {
    let current = true
    Promise.all([api.call(userInviteIncome, {}), poster()]).then(
      ([income, deps]) => {
        if (current)
          setView({ status: 'ready', code: income.code, link: inviteLink(config, income.code), poster: deps })
      },
      (error: unknown) => {
        if (current) setView({ status: 'error', message: errorMessage(error) })
      },
    )
    return () => {
      current = false
    }
  }, [api, config, poster, attempt])

  useEffect(() => {
    if (view.status !== 'ready' || !view.link || !canvas.current) return
    let current = true
    view.poster.draw(canvas.current, {
      appName: t.appName,
      line: t.invite.posterLine,
      codeLine: t.invite.posterCode(view.code),
      link: view.link,
    })
    view.poster.file(canvas.current, t.invite.fileName(view.code)).then(
      (file) => {
        if (current) setPosterFile(file)
      },
      () => {
        // Shared without the poster, the link alone.
      },
    )
    return () => {
      current = false
    }
  }, [view])

  if (view.status === 'loading' || view.status === 'error') {
    return (
      <main className="page">
        <PageHeader title={t.pages.share} />
        {view.status === 'loading' ? (
          <div className="invite-poster__skeleton">
            <Skeleton lines={6} />
          </div>
        ) : (
          <ErrorState
            message={view.message}
            onRetry={() => {
              setView({ status: 'loading' })
              setAttempt((count) => count + 1)
            }}
          />
        )}
      </main>
    )
  }

  const { code, link, poster: deps } = view
  const fileName = t.invite.fileName(code)
  const handleSave = () => {
    if (!canvas.current) return
    deps.save(canvas.current, fileName).then(
      () => showToast(t.invite.saved),
      () => showToast(t.invite.saveFailed),
    )
  }
  const handleCopy = async () => {
    if (link) showToast((await copyText(share, link)) ? t.invite.linkCopied : t.invite.copyFailed)
  }
  // The sheet is asked for within the tap, nothing awaited before it (see posterFile); a sheet
  // that refuses copies the link.
  const handleShare = () => {
    if (!link) return
    void shareLink(share, {
      title: t.invite.shareTitle,
      url: link,
      ...(posterFile ? { files: [posterFile] } : {}),
    }).then((outcome) => {
      if (outcome === 'copied') showToast(t.invite.linkCopied)
      else if (outcome === 'failed') showToast(t.invite.copyFailed)
    })
  }
  return (
    <main className="page">
      <PageHeader title={t.pages.share} />
      {link ? (
        <div className="invite-poster">
          <canvas ref={canvas} className="invite-poster__canvas" role="img" aria-label={t.invite.posterLabel(code)} />
          <div className="invite-poster__actions">
            <button type="button" className="button" onClick={handleSave}>
              {t.invite.save}
            </button>
            {share.share ? (
              <button type="button" className="button" onClick={handleShare}>
                {t.invite.share}
              </button>
            ) : (
              <button type="button" className="button" onClick={() => void handleCopy()}>
                {t.invite.copyLink}
              </button>
            )}
          </div>
        </div>
      ) : (
        <ErrorState message={t.invite.noLink} />
      )}
    </main>
  )
}
