import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { t } from '../../lib/messages-credentials.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { findCredential, useCredentialSignIn } from './credential-sign-in.ts'
import { qrDetector, type QrDetector } from './detector.ts'
import './scan.css'

/** How often a frame is read: often enough to feel instant, rare enough to leave a phone cool. */
const SCAN_INTERVAL_MS = 250

type Camera = 'starting' | 'scanning' | 'denied' | 'unavailable'

export interface CameraScanDeps {
  detector(): Promise<QrDetector>
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>
}

const pageDeps: CameraScanDeps = {
  detector: qrDetector,
  getUserMedia:
    typeof navigator !== 'undefined' && navigator.mediaDevices?.getUserMedia
      ? (constraints) => navigator.mediaDevices.getUserMedia(constraints)
      : undefined,
}

/**
 * /mine/setting/accoutCode-camera/: the back camera reads the credential card's QR code; no
 * camera or no permission leads to picking an image of the card instead.
 */
export function CameraScanScreen({ deps = pageDeps }: { deps?: CameraScanDeps }) {
  const video = useRef<HTMLVideoElement>(null)
  const signIn = useCredentialSignIn()
  const [camera, setCamera] = useState<Camera>(deps.getUserMedia ? 'starting' : 'unavailable')
  const [sawOtherCode, setSawOtherCode] = useState(false)
  // Bumped to scan again after a failed sign-in.
  const [round, setRound] = useState(0)
  // The latest sign-in, so the scanning effect does not restart the camera on each render.
  const start = useRef(signIn.start)
  useEffect(() => {
    start.current = signIn.start
  })

  useEffect(() => {
    const getUserMedia = deps.getUserMedia
    if (!getUserMedia) return
    let stopped = false
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    const run = async () => {
      try {
        stream = await getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      } catch (error) {
        const refused = error instanceof DOMException && ['NotAllowedError', 'SecurityError'].includes(error.name)
        if (!stopped) setCamera(refused ? 'denied' : 'unavailable')
        return
      }
      const element = video.current
      if (stopped || !element) return
      element.srcObject = stream
      await element.play().catch(() => {})
      setCamera('scanning')
      const detector = await deps.detector()
      const scan = async () => {
        if (stopped) return
        // HAVE_CURRENT_DATA: a frame to read.
        const codes = element.readyState >= 2 ? await detector.detect(element).catch(() => []) : []
        if (stopped) return
        const credential = findCredential(codes)
        if (credential) {
          stopped = true
          void start.current(credential)
          return
        }
        if (codes.length > 0) setSawOtherCode(true)
        timer = setTimeout(() => void scan(), SCAN_INTERVAL_MS)
      }
      void scan()
    }
    run().catch(() => {
      if (!stopped) setCamera('unavailable')
    })
    return () => {
      stopped = true
      clearTimeout(timer)
      stream?.getTracks().forEach((track) => track.stop())
    }
  }, [deps, round])

  const handleScanAgain = () => {
    signIn.reset()
    setSawOtherCode(false)
    setRound((count) => count + 1)
  }

  const cameraFailed = camera === 'denied' || camera === 'unavailable'
  const status =
    signIn.state.status === 'signing-in'
      ? t.scan.signingIn
      : camera === 'starting'
        ? t.scan.starting
        : camera === 'scanning' && sawOtherCode
          ? t.scan.notCredential
          : camera === 'scanning'
            ? t.scan.scanning
            : ''
  return (
    <main className="page">
      <PageHeader title={t.scan.cameraTitle} />
      <section className="card scan">
        {cameraFailed ? (
          <p className="scan__text" role="alert">
            {camera === 'denied' ? t.scan.denied : t.scan.unavailable}
          </p>
        ) : (
          <div className="scan-camera">
            <video ref={video} className="scan-camera__video" aria-label={t.scan.cameraLabel} muted playsInline />
            <span className="scan-camera__frame" aria-hidden="true" />
          </div>
        )}
        <p className="scan__text" role="status">
          {status}
        </p>
        {signIn.state.status === 'failed' ? (
          <div className="scan__failure" role="alert">
            <p className="scan__error">{signIn.state.message}</p>
            <button type="button" className="button" onClick={handleScanAgain}>
              {t.common.retry}
            </button>
          </div>
        ) : null}
        <Link to="/mine/setting/accoutCodeCamera" className={cameraFailed ? 'button' : 'button button--ghost'}>
          {t.scan.pickImage}
        </Link>
      </section>
    </main>
  )
}
