import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ImportOptionError, importMedia, type ImportInput } from '../../modules/streams/import.ts'
import { UsageError, type AdminCommand } from '../command.ts'

const USAGE =
  '<file> [--title <title>] [--description <text>] [--tags a,b] [--price <diamonds in cents>] [--vip 0-3] [--short]'

/**
 * The command's arguments as importMedia's input, the file resolved against `cwd`; UsageError
 * for anything malformed.
 */
export function parseMediaImportArgs(args: readonly string[], cwd: string): ImportInput {
  let parsed
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        title: { type: 'string' },
        description: { type: 'string' },
        tags: { type: 'string' },
        price: { type: 'string' },
        vip: { type: 'string' },
        short: { type: 'boolean' },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  const [file, ...extra] = positionals
  if (file === undefined) throw new UsageError('the video file is required')
  if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`)
  // Cents, like wallet:credit, so an operator's credit and a price compare directly.
  if (values.price !== undefined && !/^\d{1,9}$/.test(values.price)) {
    throw new UsageError(`--price ${values.price}: expected a whole number of cents (1000 shows as 10)`)
  }
  if (values.vip !== undefined && !/^[0-3]$/.test(values.vip)) throw new UsageError('--vip: 0, 1, 2 or 3')
  return {
    file: resolve(cwd, file),
    ...(values.title !== undefined && { title: values.title }),
    ...(values.description !== undefined && { description: values.description }),
    tags: (values.tags ?? '').split(','),
    price: Number(values.price ?? 0),
    vip: Number(values.vip ?? 0),
    short: values.short ?? false,
  }
}

/**
 * `npm run admin -- media:import <file> …`: see importMedia. Arguments are checked before the
 * database is opened; media problems (no ffmpeg, a broken file) fail with messages a person can
 * act on, leaving nothing behind.
 */
export const mediaImportCommand: AdminCommand = {
  usage: USAGE,
  summary:
    'transcode a video file to HLS with the system ffmpeg (AES-128 with ENCRYPT_M3U8) and add it to the catalogue',
  parse(args, cwd) {
    const input = parseMediaImportArgs(args, cwd)
    return async ({ db, config, now, progress }) => {
      let result
      try {
        result = await importMedia({ db, config, now, onStage: (stage) => progress(`${stage}…`) }, input)
      } catch (error) {
        if (error instanceof ImportOptionError) throw new UsageError(error.message, { cause: error })
        throw error
      }
      const renditions = result.renditions.map((r) => r.name).join('/')
      return (
        `video ${result.videoId} "${result.title}": ${result.durationSeconds} s, ${renditions}, ` +
        `${result.encrypted ? 'AES-128 encrypted' : 'not encrypted'}, ` +
        `${result.previewSeconds > 0 ? `${result.previewSeconds} s preview` : 'no preview'}, ` +
        `files in ${config.dataDir}/media/${result.dir}, served at /hls/${result.videoId}/master.m3u8`
      )
    }
  },
}
