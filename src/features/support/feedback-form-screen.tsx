import { useNavigate } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { feedbackAdd } from '../../../core/contracts/calls-support.ts'
import { uploadImg } from '../../../core/contracts/calls.ts'
import {
  FEEDBACK_CONTACT_MAX,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_TEXT_MAX,
  FEEDBACK_TYPES,
  FeedbackType,
} from '../../../core/contracts/support.ts'
import {
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_IMAGE_UPLOAD_MEGABYTES,
  uploadImage,
  type UploadedImage,
  type UploadOptions,
} from '../../lib/chunked-upload.ts'
import { errorMessage, type Api } from '../../lib/http.ts'
import { t } from '../../lib/messages-support.ts'
import { apiAtom } from '../../lib/store.ts'
import { FilePickButton } from '../../ui/file-pick-button.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import './support.css'

export interface FeedbackFormDeps {
  /** upload/img, as the avatar and publish screens upload (src/lib/chunked-upload.ts). */
  upload(api: Api, file: Blob, options: UploadOptions): Promise<UploadedImage>
  /** A thumbnail URL of a picked file, or null where the browser has none. */
  preview(file: File): string | null
  revoke(url: string): void
}

const pageDeps: FeedbackFormDeps = {
  upload: (api, file, options) => uploadImage(api, uploadImg, file, options),
  preview: (file) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
  revoke: (url) => URL.revokeObjectURL(url),
}

interface PickedImage {
  id: number
  file: File
  preview: string | null
  /** Kept once uploaded, so a retried submission does not send it again. */
  uploaded: UploadedImage | null
}

type SubmitState =
  | { status: 'idle' }
  | { status: 'uploading'; done: number; total: number; percent: number }
  | { status: 'sending' }
  | { status: 'failed'; message: string }

let nextImageId = 1
const characterCount = (text: string) => Array.from(text).length

/**
 * /mine/problemFeedback: a type, the text, up to 4 screenshots and a contact. Submitting uploads
 * the screenshots one by one (upload/img, with progress), then sends feedback/add and goes to
 * /mine/feedback; a failure keeps everything typed and what was already uploaded.
 */
export function FeedbackFormScreen({ deps = pageDeps }: { deps?: FeedbackFormDeps }) {
  const api = useAtomValue(apiAtom)
  const showToast = useSetAtom(showToastAtom)
  const navigate = useNavigate()
  const [type, setType] = useState<FeedbackType>(FeedbackType.Bug)
  const [content, setContent] = useState('')
  const [contact, setContact] = useState('')
  const [images, setImages] = useState<PickedImage[]>([])
  const [pickError, setPickError] = useState('')
  const [submit, setSubmit] = useState<SubmitState>({ status: 'idle' })
  const previews = useRef(new Set<string>())
  const contentId = useId()
  const counterId = useId()
  const contactId = useId()

  useEffect(() => {
    const urls = previews.current
    return () => urls.forEach((url) => deps.revoke(url))
  }, [deps])

  const busy = submit.status === 'uploading' || submit.status === 'sending'
  const length = characterCount(content)

  const handlePick = (files: File[]) => {
    setPickError('')
    const room = FEEDBACK_IMAGES_MAX - images.length
    const picked: PickedImage[] = []
    for (const file of files) {
      if (!file.type.startsWith('image/')) return setPickError(t.support.notImage)
      if (file.size > MAX_IMAGE_UPLOAD_BYTES) return setPickError(t.upload.tooLarge(MAX_IMAGE_UPLOAD_MEGABYTES))
      if (picked.length === room) {
        setPickError(t.support.tooMany(FEEDBACK_IMAGES_MAX))
        break
      }
      const preview = deps.preview(file)
      if (preview) previews.current.add(preview)
      picked.push({ id: nextImageId++, file, preview, uploaded: null })
    }
    setImages((current) => [...current, ...picked])
  }

  const handleRemove = (id: number) => {
    const image = images.find((item) => item.id === id)
    if (image?.preview) {
      deps.revoke(image.preview)
      previews.current.delete(image.preview)
    }
    setImages((current) => current.filter((item) => item.id !== id))
  }

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (content.trim() === '') return setSubmit({ status: 'failed', message: t.support.emptyContent })
    try {
      const keys: string[] = []
      const total = images.length
      for (const [index, image] of images.entries()) {
        if (!image.uploaded) {
          setSubmit({ status: 'uploading', done: index, total, percent: 0 })
          const uploaded = await deps.upload(api, image.file, {
            onProgress: (confirmed, size) =>
              setSubmit({
                status: 'uploading',
                done: index,
                total,
                percent: size > 0 ? Math.floor((confirmed / size) * 100) : 0,
              }),
          })
          image.uploaded = uploaded
        }
        keys.push(image.uploaded.imageId)
      }
      setSubmit({ status: 'sending' })
      await api.call(feedbackAdd, { type, content, imageIds: keys, contact })
      showToast(t.support.submitted)
      void navigate({ to: '/mine/feedback' })
    } catch (error) {
      setSubmit({ status: 'failed', message: errorMessage(error) })
    }
  }

  return (
    <main className="page support">
      <PageHeader title={t.pages.problemFeedback} />
      <form className="support__form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <fieldset className="support__field" disabled={busy}>
          <legend className="support__label">{t.support.type}</legend>
          <div className="support__chips" role="radiogroup" aria-label={t.support.type}>
            {FEEDBACK_TYPES.map((value) => (
              <label key={value} className={`support__chip${type === value ? ' is-active' : ''}`}>
                <input
                  type="radio"
                  name="feedback-type"
                  className="support__radio"
                  value={value}
                  checked={type === value}
                  onChange={() => setType(value)}
                />
                {t.support.feedbackTypes[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="support__field">
          <label className="support__label" htmlFor={contentId}>
            {t.support.content}
          </label>
          <textarea
            id={contentId}
            className="support__textarea"
            value={content}
            rows={6}
            maxLength={FEEDBACK_TEXT_MAX}
            placeholder={t.support.contentPlaceholder}
            aria-describedby={counterId}
            disabled={busy}
            onChange={(event) => setContent(event.currentTarget.value)}
          />
          <p
            id={counterId}
            className="support__counter"
            aria-label={t.support.counterLabel(length, FEEDBACK_TEXT_MAX)}
          >{`${length}/${FEEDBACK_TEXT_MAX}`}</p>
        </div>
        <div className="support__field">
          <p className="support__label">{t.support.images(images.length, FEEDBACK_IMAGES_MAX)}</p>
          <ul className="support__images">
            {images.map((image, index) => (
              <li key={image.id} className="support__image">
                {image.preview ? <img src={image.preview} alt={t.support.image(index + 1)} /> : null}
                <button
                  type="button"
                  className="support__image-remove"
                  aria-label={t.support.removeImage(index + 1)}
                  disabled={busy}
                  onClick={() => handleRemove(image.id)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          {images.length < FEEDBACK_IMAGES_MAX ? (
            <FilePickButton
              label={t.support.addImages}
              accept="image/*"
              ghost
              small
              disabled={busy}
              onPickFiles={handlePick}
            />
          ) : null}
          {pickError ? (
            <p className="support__error" role="alert">
              {pickError}
            </p>
          ) : null}
        </div>
        <div className="support__field">
          <label className="support__label" htmlFor={contactId}>
            {t.support.contact}
          </label>
          <input
            id={contactId}
            className="support__input"
            value={contact}
            maxLength={FEEDBACK_CONTACT_MAX}
            placeholder={t.support.contactPlaceholder}
            disabled={busy}
            onChange={(event) => setContact(event.currentTarget.value)}
          />
        </div>
        <SubmitStatus state={submit} />
        <button type="submit" className="button support__submit" disabled={busy}>
          {busy ? t.support.submitting : t.support.submit}
        </button>
      </form>
    </main>
  )
}

function SubmitStatus({ state }: { state: SubmitState }) {
  if (state.status === 'uploading') {
    return (
      <div className="support__progress" role="status">
        <p>{t.support.uploading(state.done, state.total)}</p>
        <progress max={100} value={state.percent} aria-label={t.upload.progress} />
      </div>
    )
  }
  if (state.status === 'sending') return <p role="status">{t.support.submitting}</p>
  if (state.status === 'failed') {
    return (
      <p className="support__error" role="alert">
        {t.support.failed}：{state.message}
      </p>
    )
  }
  return null
}
