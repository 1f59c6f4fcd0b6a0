import { Link } from '@tanstack/react-router'
import { useState, type DragEvent } from 'react'
import { t } from '../../lib/messages-credentials.ts'
import { FilePickButton } from '../../ui/file-pick-button.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { findCredential, useCredentialSignIn } from './credential-sign-in.ts'
import { readQrCodes } from './detector.ts'
import './scan.css'

/** /mine/setting/accoutCodeCamera: pick a photo or screenshot of the credential card; it is read on this device. */
export function ImageScanScreen() {
  const signIn = useCredentialSignIn()
  const [reading, setReading] = useState(false)
  const [problem, setProblem] = useState('')

  const handleFile = async (file: File | undefined) => {
    if (!file) return
    signIn.reset()
    setProblem('')
    setReading(true)
    let codes: string[]
    try {
      codes = await readQrCodes(file)
    } catch {
      codes = []
    } finally {
      setReading(false)
    }
    if (codes.length === 0) return setProblem(t.scan.noCode)
    const credential = findCredential(codes)
    if (!credential) return setProblem(t.scan.notCredential)
    await signIn.start(credential)
  }

  const handleDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault()
    void handleFile(event.dataTransfer.files[0])
  }

  const busy = reading || signIn.state.status === 'signing-in'
  const failure = problem || (signIn.state.status === 'failed' ? signIn.state.message : '')
  return (
    <main className="page">
      <PageHeader title={t.scan.imageTitle} />
      <section className="card scan" onDragOver={(event) => event.preventDefault()} onDrop={handleDrop}>
        <p className="scan__text">{t.scan.pickHint}</p>
        <FilePickButton
          label={t.scan.pickImage}
          accept="image/*"
          disabled={busy}
          onPick={(file) => void handleFile(file)}
        />
        <p className="scan__text" role="status">
          {reading ? t.scan.reading : signIn.state.status === 'signing-in' ? t.scan.signingIn : ''}
        </p>
        {failure ? (
          <p className="scan__error" role="alert">
            {failure}
          </p>
        ) : null}
        <Link to="/mine/setting/accoutCode-camera" className="button button--ghost">
          {t.scan.useCamera}
        </Link>
      </section>
    </main>
  )
}
