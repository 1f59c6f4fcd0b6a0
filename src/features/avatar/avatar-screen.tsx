import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef, useState, type DragEvent } from 'react'
import { uploadImg, userAvatar } from '../../../core/contracts/calls.ts'
import { imageUrl } from '../../../core/contracts/domain.ts'
import {
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_IMAGE_UPLOAD_MEGABYTES,
  uploadImage,
  type UploadedImage,
  type UploadOptions,
} from '../../lib/chunked-upload.ts'
import { ApiError, ApiErrorKind, type Api } from '../../lib/http.ts'
import { t } from '../../lib/messages-uploads.ts'
import { apiAtom } from '../../lib/store.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { FilePickButton } from '../../ui/file-pick-button.tsx'
import { ErrorState } from '../../ui/state-views.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { appConfigAtom, sessionUserAtom, updateSessionUserAtom } from '../session/public.ts'
import { openImage, renderAvatar, type PickedImage } from './avatar-image.ts'
import { CropArea } from './crop-area.tsx'
import { initialCrop, type Crop } from './crop.ts'
import './avatar.css'

export interface AvatarDeps {
  open(file: Blob): Promise<PickedImage>
  render(source: CanvasImageSource, crop: Crop): Promise<Blob>
  upload(api: Api, image: Blob, options: UploadOptions): Promise<UploadedImage>
}

const pageDeps: AvatarDeps = {
  open: openImage,
  render: renderAvatar,
  upload: (api, image, options) => uploadImage(api, uploadImg, image, options),
}

type SaveState =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number }
  | { status: 'saving' }
  | { status: 'failed'; message: string }

/** /mine/setting/avatar: pick an image, crop it to a square, upload it with progress, set it as the avatar. */
export function AvatarScreen({ deps = pageDeps }: { deps?: AvatarDeps }) {
  const user = useAtomValue(sessionUserAtom)
  const config = useAtomValue(appConfigAtom)
  const api = useAtomValue(apiAtom)
  const updateUser = useSetAtom(updateSessionUserAtom)
  const showToast = useSetAtom(showToastAtom)
  const [picked, setPicked] = useState<PickedImage | null>(null)
  const [crop, setCrop] = useState<Crop | null>(null)
  const [pickError, setPickError] = useState('')
  const [save, setSave] = useState<SaveState>({ status: 'idle' })
  const running = useRef<AbortController | null>(null)

  useEffect(() => () => picked?.close(), [picked])
  useEffect(() => () => running.current?.abort(), [])

  const handlePick = (file: File | undefined) => {
    if (!file) return
    setSave({ status: 'idle' })
    if (!file.type.startsWith('image/')) return setPickError(t.avatar.notImage)
    if (file.size > MAX_IMAGE_UPLOAD_BYTES) return setPickError(t.upload.tooLarge(MAX_IMAGE_UPLOAD_MEGABYTES))
    setPickError('')
    deps.open(file).then(
      (image) => {
        setPicked(image)
        setCrop(initialCrop(image.width, image.height))
      },
      () => setPickError(t.avatar.unreadable),
    )
  }

  const handleDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault()
    handlePick(event.dataTransfer.files[0])
  }

  const handleSave = async () => {
    if (!picked || !crop) return
    const controller = new AbortController()
    running.current = controller
    setSave({ status: 'uploading', percent: 0 })
    try {
      const blob = await deps.render(picked.source, crop)
      const image = await deps.upload(api, blob, {
        signal: controller.signal,
        onProgress: (confirmed, total) =>
          setSave({ status: 'uploading', percent: total ? Math.round((confirmed / total) * 100) : 100 }),
      })
      setSave({ status: 'saving' })
      const info = await api.call(userAvatar, { imageId: image.imageId }, { signal: controller.signal })
      await updateUser(info)
      showToast(t.avatar.saved)
      setPicked(null)
      setCrop(null)
      setSave({ status: 'idle' })
    } catch (error) {
      if (controller.signal.aborted) return
      const message =
        error instanceof ApiError && error.kind !== ApiErrorKind.Canceled ? error.message : t.avatar.failed
      setSave({ status: 'failed', message })
    }
  }

  const busy = save.status === 'uploading' || save.status === 'saving'
  return (
    <main className="page">
      <PageHeader title={t.pages.avatar} />
      <section className="card avatar-page" onDragOver={(event) => event.preventDefault()} onDrop={handleDrop}>
        {picked && crop ? (
          <CropArea url={picked.url} crop={crop} onChange={setCrop} />
        ) : (
          <div className="avatar-current">
            {user?.avatar ? (
              <LazyImage
                key={user.avatar}
                src={imageUrl(config, user.avatar)}
                alt={t.avatar.current}
                ratio={1}
                eager
                className="avatar-current__image"
              />
            ) : (
              <span className="avatar-current__placeholder" role="img" aria-label={t.avatar.current}>
                {(user?.nickname || '?').slice(0, 1)}
              </span>
            )}
            <p className="avatar-page__hint">{t.avatar.dropHint}</p>
          </div>
        )}
        {pickError ? (
          <p className="avatar-page__error" role="alert">
            {pickError}
          </p>
        ) : null}
        {save.status === 'uploading' ? (
          <div
            className="avatar-progress"
            role="progressbar"
            aria-label={t.upload.progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={save.percent}
          >
            <span className="avatar-progress__bar" style={{ width: `${save.percent}%` }} />
          </div>
        ) : null}
        {save.status === 'failed' ? <ErrorState message={save.message} onRetry={() => void handleSave()} /> : null}
        <div className="avatar-page__actions">
          <FilePickButton
            label={picked ? t.avatar.pickAgain : t.avatar.pick}
            accept="image/*"
            ghost
            disabled={busy}
            onPick={handlePick}
          />
          {picked ? (
            <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={() => void handleSave()}>
              {save.status === 'uploading'
                ? t.avatar.uploading
                : save.status === 'saving'
                  ? t.avatar.saving
                  : t.avatar.save}
            </button>
          ) : null}
        </div>
      </section>
    </main>
  )
}
