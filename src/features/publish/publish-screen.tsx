import { useNavigate } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react'
import { uploadVideo } from '../../../core/contracts/calls.ts'
import { postPublish } from '../../../core/contracts/calls-community.ts'
import { uploadImg } from '../../../core/contracts/calls.ts'
import { POST_IMAGES_MAX, POST_TEXT_MAX, PostState } from '../../../core/contracts/community-rules.ts'
import { formatMoney } from '../../../core/format/money.ts'
import { createChunkedUpload, imageTarget, videoTarget } from '../../lib/chunked-upload.ts'
import { errorMessage, type Api } from '../../lib/http.ts'
import { t } from '../../lib/messages-publish.ts'
import { apiAtom } from '../../lib/store.ts'
import { FilePickButton } from '../../ui/file-pick-button.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { appConfigAtom, sessionUserAtom } from '../session/public.ts'
import {
  contentError,
  contentLength,
  imageFileError,
  parsePrice,
  videoDurationError,
  videoFileError,
} from './checks.ts'
import { createDraftFiles, type DraftFiles } from './draft-files.ts'
import { createDraftStore, EMPTY_DRAFT, isEmptyDraft, type DraftStore } from './draft.ts'
import { UploadTile } from './upload-tile.tsx'
import { toDraftUpload, useUploadQueue, type UploadItem, type UploadQueueDeps } from './use-upload-queue.ts'
import { probeVideoDuration } from './video-probe.ts'
import './publish.css'

export interface PublishDeps {
  createUpload(
    api: Api,
    ...args: Parameters<UploadQueueDeps['createUpload']>
  ): ReturnType<UploadQueueDeps['createUpload']>
  preview: UploadQueueDeps['preview']
  revoke: UploadQueueDeps['revoke']
  /** Seconds, or null when the browser cannot tell. */
  probeVideo(file: File): Promise<number | null>
  draftStore(userId: number): DraftStore
  /** Where the unfinished uploads' files wait for the next visit. */
  draftFiles(userId: number): DraftFiles
}

const pageDeps: PublishDeps = {
  createUpload: (api, kind, file, events, identifier) =>
    kind === 'image'
      ? createChunkedUpload(api, imageTarget(uploadImg), file, events, identifier)
      : createChunkedUpload(api, videoTarget(uploadVideo), file, events, identifier),
  preview: (file) => URL.createObjectURL(file),
  revoke: (url) => URL.revokeObjectURL(url),
  probeVideo: probeVideoDuration,
  draftStore: (userId) => createDraftStore(userId),
  draftFiles: (userId) => createDraftFiles(userId),
}

const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif'
const VIDEO_ACCEPT = 'video/*'
const UNFINISHED: readonly UploadItem['status'][] = ['paused', 'failed', 'missing']

/**
 * /community/publish: category, text with a counter, an optional price, up to 9 images and one
 * video uploaded in chunks as they are picked (pause, resume, retry, remove). 发布 waits for the
 * uploads; the draft (fields, finished uploads, and the unfinished ones with their files) survives
 * a reload.
 */
export function PublishScreen({ deps = pageDeps }: { deps?: PublishDeps }) {
  const api = useAtomValue(apiAtom)
  const config = useAtomValue(appConfigAtom)
  const userId = useAtomValue(sessionUserAtom)?.id ?? 0
  const toast = useSetAtom(showToastAtom)
  const navigate = useNavigate()
  const categories = config?.communityCategory ?? []

  const store = useMemo(() => deps.draftStore(userId), [deps, userId])
  const draftFiles = useMemo(() => deps.draftFiles(userId), [deps, userId])
  const [restored] = useState(() => store.load())
  const draft = restored ?? EMPTY_DRAFT
  const [categoryId, setCategoryId] = useState<number | null>(draft.categoryId ?? categories[0]?.id ?? null)
  const [content, setContent] = useState(draft.content)
  const [price, setPrice] = useState(draft.price)
  const [pickError, setPickError] = useState('')
  const [formError, setFormError] = useState('')
  /** 发布 was pressed while uploads ran: it publishes once they are done. */
  const [waiting, setWaiting] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const queueDeps = useMemo<UploadQueueDeps>(
    () => ({
      createUpload: (kind, file, events, identifier) => deps.createUpload(api, kind, file, events, identifier),
      preview: deps.preview,
      revoke: deps.revoke,
      files: draftFiles,
    }),
    [api, deps, draftFiles],
  )
  const queue = useUploadQueue(draft.uploads, queueDeps)
  const { items } = queue
  const images = items.filter((item) => item.kind === 'image')
  const video = items.find((item) => item.kind === 'video')
  const unfinished = items.some((item) => UNFINISHED.includes(item.status))
  const allDone = items.every((item) => item.status === 'done')
  // An upload that stops (paused, failed) while 发布 waits ends the wait, with the reason shown.
  const stalled = waiting && unfinished
  const readyToPublish = waiting && allDone && !submitting

  useEffect(() => {
    store.save({ categoryId, content, price, uploads: items.map(toDraftUpload) })
  }, [store, categoryId, content, price, items])

  const ids = useId()
  const priceResult = parsePrice(price)
  const length = contentLength(content)

  const handlePickImages = (files: File[]) => {
    const room = POST_IMAGES_MAX - images.length
    const errors = new Set<string>()
    if (files.length > room) errors.add(t.publish.errors.tooManyImages(POST_IMAGES_MAX))
    for (const file of files.slice(0, Math.max(0, room))) {
      const error = imageFileError(file)
      if (error) errors.add(error)
      else queue.add('image', file)
    }
    setPickError([...errors].join(' '))
  }

  const checkVideo = async (file: File): Promise<number | null | false> => {
    const error = videoFileError(file)
    if (error) return (setPickError(error), false)
    const duration = await deps.probeVideo(file)
    const tooLong = videoDurationError(duration)
    if (tooLong) return (setPickError(tooLong), false)
    setPickError('')
    return duration
  }

  const handlePickVideo = async (file: File | undefined) => {
    if (!file) return
    if (video) return setPickError(t.publish.errors.oneVideo)
    const duration = await checkVideo(file)
    if (duration !== false) queue.add('video', file, duration)
  }

  const handleRepick = async (item: UploadItem, file: File | undefined) => {
    if (!file) return
    if (item.kind === 'image') {
      const error = imageFileError(file)
      setPickError(error)
      if (!error) queue.repick(item.key, file)
      return
    }
    const duration = await checkVideo(file)
    if (duration !== false) queue.repick(item.key, file, duration)
  }

  /** The fields' first problem, or ''. */
  const fieldError = () => {
    if (categoryId === null) return t.publish.errors.noCategory
    const textError = contentError(content)
    if (textError) return textError
    return 'error' in priceResult ? priceResult.error : ''
  }

  const publish = async () => {
    setWaiting(false)
    const error = fieldError()
    if (error || categoryId === null || 'error' in priceResult) return setFormError(error)
    setSubmitting(true)
    try {
      const imageIds = images.flatMap((item) => (item.image ? [item.image.imageId] : []))
      const result = await api.call(postPublish, {
        categoryId,
        content: content.trim(),
        imageIds,
        ...(video?.video ? { videoUploadId: video.video.videoUploadId } : {}),
        price: priceResult.cents,
      })
      store.clear()
      void draftFiles.prune(() => false)
      toast(result.state === PostState.Pending ? t.publish.pendingReview : t.publish.published)
      void navigate({ to: '/mine/myPost' })
    } catch (failure) {
      setSubmitting(false)
      setFormError(errorMessage(failure))
    }
  }

  // The last upload has finished while 发布 waited: publish now, in a task of its own (the
  // publish changes state, which an effect should not do as it runs).
  useEffect(() => {
    if (!readyToPublish) return
    let live = true
    void Promise.resolve().then(() => {
      if (live) void publish()
    })
    return () => {
      live = false
    }
  })

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (submitting || (waiting && !stalled)) return
    setWaiting(false)
    const error = fieldError()
    if (error) return setFormError(error)
    if (unfinished) return setFormError(t.publish.errors.unfinished)
    setFormError('')
    if (allDone) void publish()
    else setWaiting(true)
  }
  const shownError = stalled ? t.publish.errors.unfinished : formError
  const busy = submitting || (waiting && !stalled)

  const tile = (item: UploadItem, label: string, accept: string) => (
    <UploadTile
      key={item.key}
      item={item}
      label={label}
      config={config}
      accept={accept}
      onPause={() => queue.pause(item.key)}
      onResume={() => queue.resume(item.key)}
      onRemove={() => queue.remove(item.key)}
      onRepick={(file) => void handleRepick(item, file)}
    />
  )

  return (
    <main className="page publish">
      <PageHeader title={t.pages.publish} />
      <form className="publish__form" onSubmit={handleSubmit} noValidate>
        {restored && !isEmptyDraft(restored) ? (
          <p className="publish__note" role="status">
            {t.publish.draftRestored}
          </p>
        ) : null}
        <fieldset className="publish__field">
          <legend className="publish__label">{t.publish.category}</legend>
          {categories.length === 0 ? <p className="publish__hint">{t.publish.noCategories}</p> : null}
          <div className="publish__chips">
            {categories.map((category) => (
              <label
                key={category.id}
                className={category.id === categoryId ? 'publish__chip is-selected' : 'publish__chip'}
              >
                <input
                  type="radio"
                  name={`${ids}-category`}
                  value={category.id}
                  checked={category.id === categoryId}
                  onChange={() => setCategoryId(category.id)}
                />
                {category.name}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="publish__field">
          <label className="publish__label" htmlFor={`${ids}-content`}>
            {t.publish.content}
          </label>
          <textarea
            id={`${ids}-content`}
            className="publish__text"
            rows={6}
            value={content}
            placeholder={t.publish.contentPlaceholder}
            aria-describedby={`${ids}-counter`}
            aria-invalid={length > POST_TEXT_MAX}
            onChange={(event) => setContent(event.target.value)}
          />
          <p
            id={`${ids}-counter`}
            className={length > POST_TEXT_MAX ? 'publish__counter is-over' : 'publish__counter'}
            aria-label={t.publish.counterLabel(length, POST_TEXT_MAX)}
          >
            {t.publish.counter(length, POST_TEXT_MAX)}
          </p>
        </div>

        <section className="publish__field" aria-labelledby={`${ids}-images`}>
          <h2 id={`${ids}-images`} className="publish__label">
            {t.publish.images(images.length, POST_IMAGES_MAX)}
          </h2>
          {images.length > 0 ? (
            <ul className="publish__tiles">
              {images.map((item, index) => tile(item, t.publish.image(index + 1), IMAGE_ACCEPT))}
            </ul>
          ) : null}
          {images.length < POST_IMAGES_MAX ? (
            <FilePickButton
              label={t.publish.addImages}
              accept={IMAGE_ACCEPT}
              ghost
              small
              onPickFiles={handlePickImages}
            />
          ) : null}
        </section>

        <section className="publish__field" aria-labelledby={`${ids}-video`}>
          <h2 id={`${ids}-video`} className="publish__label">
            {t.publish.video}
          </h2>
          {video ? (
            <ul className="publish__tiles">{tile(video, t.publish.videoItem, VIDEO_ACCEPT)}</ul>
          ) : (
            <FilePickButton
              label={t.publish.addVideo}
              accept={VIDEO_ACCEPT}
              ghost
              small
              onPick={(file) => void handlePickVideo(file)}
            />
          )}
        </section>
        {pickError ? (
          <p className="publish__error" role="alert">
            {pickError}
          </p>
        ) : null}

        <div className="publish__field">
          <label className="publish__label" htmlFor={`${ids}-price`}>
            {t.publish.price}
          </label>
          <input
            id={`${ids}-price`}
            className="publish__price"
            inputMode="decimal"
            autoComplete="off"
            value={price}
            aria-describedby={`${ids}-price-hint`}
            aria-invalid={'error' in priceResult}
            onChange={(event) => setPrice(event.target.value)}
          />
          <p id={`${ids}-price-hint`} className="publish__hint">
            {'error' in priceResult
              ? priceResult.error
              : priceResult.cents > 0
                ? t.publish.priceShown(formatMoney(priceResult.cents))
                : t.publish.priceHint}
          </p>
        </div>

        {shownError ? (
          <p className="publish__error" role="alert">
            {shownError}
          </p>
        ) : null}
        <button type="submit" className="button publish__submit" aria-busy={busy} disabled={submitting}>
          {submitting ? t.publish.submitting : busy ? t.publish.waiting : t.publish.submit}
        </button>
      </form>
    </main>
  )
}
