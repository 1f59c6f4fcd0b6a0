import { parseArgs } from 'node:util'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { ImportOptionError, importMedia, parseDiamonds } from '../../modules/streams/import.ts'

export const MEDIA_IMPORT_USAGE =
  'media:import <file> [--title <title>] [--description <text>] [--tags a,b] [--price <diamonds>] [--vip 0-3] [--short]'

export interface MediaImportContext {
  db: Db
  config: Config
  /** One line of output (the CLI prints it). */
  print: (line: string) => void
}

/**
 * `npm run admin -- media:import <file> …` (issue 4): see importMedia. Prints the new video's
 * id and stream; a usage or media problem is an Error whose message says what to do.
 */
export async function mediaImport(args: readonly string[], context: MediaImportContext): Promise<void> {
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
    throw new ImportOptionError(`${(error as Error).message}\nusage: ${MEDIA_IMPORT_USAGE}`)
  }
  const { values, positionals } = parsed
  const [file, ...extra] = positionals
  if (!file || extra.length > 0) throw new ImportOptionError(`one input file, please\nusage: ${MEDIA_IMPORT_USAGE}`)
  const price = values.price === undefined ? 0 : parseDiamonds(values.price)
  if (Number.isNaN(price)) throw new ImportOptionError('--price: diamonds such as 12 or 0.5')
  const vip = values.vip === undefined ? 0 : /^[0-3]$/.test(values.vip) ? Number(values.vip) : NaN
  if (Number.isNaN(vip)) throw new ImportOptionError('--vip: 0, 1, 2 or 3')

  // Media problems (MediaPipelineError: no ffmpeg, a broken file) carry messages a person can act on.
  const result = await importMedia(
    {
      db: context.db,
      config: context.config,
      onStage: (stage) => context.print(`${stage}…`),
    },
    {
      file,
      ...(values.title !== undefined && { title: values.title }),
      ...(values.description !== undefined && { description: values.description }),
      tags: (values.tags ?? '').split(','),
      price,
      vip,
      short: values.short ?? false,
    },
  )
  context.print(
    `video ${result.videoId} "${result.title}": ${result.durationSeconds} s, ` +
      `${result.renditions.map((r) => r.name).join('/')}, ${result.encrypted ? 'AES-128 encrypted' : 'not encrypted'}, ` +
      `files in ${context.config.dataDir}/media/${result.dir}, served at /hls/${result.videoId}/master.m3u8`,
  )
}
