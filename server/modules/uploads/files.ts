import { join } from 'node:path'

/** `${DATA_DIR}/uploads`: video uploads' files, as their chunks arrive and until transcoded. */
export function uploadsDirOf(config: { dataDir: string }): string {
  return join(config.dataDir, 'uploads')
}

/** A video upload's file, relative to DATA_DIR (as post_videos.source_path keeps it). */
export function videoSourcePath(uploadId: number): string {
  return `uploads/video-${uploadId}`
}

/** The upload id a file of DATA_DIR/uploads belongs to, or null for a name we never write. */
export function uploadIdOfFile(name: string): number | null {
  const match = /^video-([1-9][0-9]{0,9})$/.exec(name)
  return match ? Number(match[1]) : null
}
