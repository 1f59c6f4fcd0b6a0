import { imageUrl, type DomainEntry } from '../../../core/contracts/domain.ts'
import { t } from '../../lib/messages-publish.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'
import { FilePickButton } from '../../ui/file-pick-button.tsx'
import { formatDuration } from './checks.ts'
import { percentOf, type UploadItem } from './use-upload-queue.ts'

export interface UploadTileProps {
  item: UploadItem
  /** Which upload this is, for screen readers: 图片 2, 视频. */
  label: string
  config: { domain: readonly DomainEntry[] } | null
  accept: string
  onPause(): void
  onResume(): void
  onRemove(): void
  onRepick(file: File | undefined): void
}

function statusText(item: UploadItem): string {
  const percent = percentOf(item)
  switch (item.status) {
    case 'queued':
      return t.publish.status.queued
    case 'restoring':
      return t.publish.status.restoring
    case 'hashing':
      return t.publish.status.hashing(item.size > 0 ? Math.floor((item.hashed / item.size) * 100) : 0)
    case 'uploading':
      return t.publish.status.uploading(percent)
    case 'paused':
      return t.publish.status.paused(percent)
    case 'failed':
      return item.error
    case 'done':
      return t.publish.status.done
    case 'missing':
      return t.publish.status.missing(item.name)
  }
}

/** One picked image or video: its thumbnail, a progress bar, and pause/resume, retry and remove. */
export function UploadTile({ item, label, config, accept, onPause, onResume, onRemove, onRepick }: UploadTileProps) {
  const percent = percentOf(item)
  const running =
    item.status === 'restoring' || item.status === 'queued' || item.status === 'hashing' || item.status === 'uploading'
  return (
    <li className={`publish-tile publish-tile--${item.status}`}>
      <div className="publish-tile__thumb">
        {item.preview && item.kind === 'image' ? (
          <img src={item.preview} alt="" />
        ) : item.preview ? (
          <video src={item.preview} muted playsInline preload="metadata" aria-hidden="true" />
        ) : item.image ? (
          // By its key under the image domain, as a post's images are: `url` is already a path
          // on this server (/img/<key>), which the domain's base would prefix a second time.
          <LazyImage src={imageUrl(config, item.image.imageId)} alt="" ratio={1} />
        ) : (
          <span className="publish-tile__icon" aria-hidden="true">
            {item.kind === 'video' ? '▶' : '🖼'}
          </span>
        )}
        {item.kind === 'video' && item.duration !== null ? (
          <span className="publish-tile__duration">{t.publish.duration(formatDuration(item.duration))}</span>
        ) : null}
      </div>
      {item.status !== 'done' ? (
        <div
          className="publish-tile__progress"
          role="progressbar"
          aria-label={t.publish.progress(label)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      <p className={item.status === 'failed' ? 'publish-tile__status is-error' : 'publish-tile__status'}>
        {statusText(item)}
      </p>
      <div className="publish-tile__actions">
        {running ? (
          <button type="button" className="publish-tile__action" aria-label={t.publish.pause(label)} onClick={onPause}>
            {t.publish.pauseShort}
          </button>
        ) : item.status === 'paused' ? (
          <button
            type="button"
            className="publish-tile__action"
            aria-label={t.publish.resume(label)}
            onClick={onResume}
          >
            {t.publish.resumeShort}
          </button>
        ) : item.status === 'failed' ? (
          <button type="button" className="publish-tile__action" aria-label={t.publish.retry(label)} onClick={onResume}>
            {t.publish.retryShort}
          </button>
        ) : item.status === 'missing' ? (
          <FilePickButton
            label={t.publish.repickShort}
            ariaLabel={t.publish.repick(label)}
            accept={accept}
            small
            onPick={onRepick}
          />
        ) : null}
        <button type="button" className="publish-tile__action" aria-label={t.publish.remove(label)} onClick={onRemove}>
          {t.publish.removeShort}
        </button>
      </div>
    </li>
  )
}
