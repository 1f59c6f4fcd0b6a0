/** How long the browser gets to read a video's metadata before the check is left to the server. */
const PROBE_TIMEOUT_MS = 5000

/**
 * The duration of a picked video in seconds as the browser reads it, or null when it cannot
 * (a format it does not play, or no answer in time). Only a courtesy check: the server probes the
 * upload with ffprobe and decides.
 */
export function probeVideoDuration(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file)
    const video = document.createElement('video')
    const finish = (seconds: number | null) => {
      clearTimeout(timer)
      video.removeAttribute('src')
      video.load()
      URL.revokeObjectURL(url)
      resolve(seconds)
    }
    const timer = setTimeout(() => finish(null), PROBE_TIMEOUT_MS)
    video.preload = 'metadata'
    video.muted = true
    video.onloadedmetadata = () => finish(Number.isFinite(video.duration) ? video.duration : null)
    video.onerror = () => finish(null)
    video.src = url
  })
}
