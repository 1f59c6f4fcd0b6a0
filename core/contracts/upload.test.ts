import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { describeIssue } from './call.ts'
import { UploadChunkParamsSchema } from './upload.ts'

/** One chunk of a 1500-byte file, as simple-uploader sends it: every value a string. */
const chunk = {
  chunkNumber: '1',
  chunkSize: '1024',
  currentChunkSize: '1500',
  totalSize: '1500',
  identifier: '1500-0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  filename: 'blob',
  relativePath: 'blob',
  totalChunks: '1',
}

/** What the server answers with 4000: "field: reason" for the first issue. */
function firstIssue(value: unknown): string | null {
  const parsed = v.safeParse(UploadChunkParamsSchema, value)
  return parsed.success ? null : describeIssue(parsed.issues)
}

describe('UploadChunkParamsSchema', () => {
  it('parses the numbers and drops filename and relativePath', () => {
    expect(v.parse(UploadChunkParamsSchema, chunk)).toEqual({
      chunkNumber: 1,
      chunkSize: 1024,
      currentChunkSize: 1500,
      totalSize: 1500,
      identifier: chunk.identifier,
      totalChunks: 1,
    })
  })

  it.each([
    // simple-uploader's default generator: the size, '-', the relative path's [0-9a-zA-Z_-].
    '1500-holidayphotopng',
    'photo_1',
    '-',
  ])('takes the identifier %j', (identifier) => {
    expect(firstIssue({ ...chunk, identifier })).toBeNull()
  })

  it.each(['../../etc/passwd', 'photo.png', 'a/b', 'a\\b', 'a b', 'a%2Fb', 'é', 'a\u0000b', ''])(
    'refuses the identifier %j',
    (identifier) => {
      expect(firstIssue({ ...chunk, identifier })).toMatch(/^identifier: /)
    },
  )

  it.each(['blob', 'photo.png', 'holiday/photo.png', '.hidden', 'a..b.png', 'a/./b', '', undefined])(
    'takes the name %j',
    (name) => {
      expect(firstIssue({ ...chunk, filename: name, relativePath: name })).toBeNull()
    },
  )

  it.each([
    ['/etc/passwd', 'must not be an absolute path'],
    ['C:/x.png', 'must not be an absolute path'],
    ['c:x.png', 'must not be an absolute path'],
    ['..', 'must not contain a “..” segment'],
    ['../x.png', 'must not contain a “..” segment'],
    ['photos/../../x.png', 'must not contain a “..” segment'],
    ['photos/..', 'must not contain a “..” segment'],
    ['photos\\x.png', 'must not contain a backslash'],
    ['..\\x.png', 'must not contain a backslash'],
    ['x\u0000.png', 'must not contain control characters'],
    ['x\n.png', 'must not contain control characters'],
    ['x\u007f.png', 'must not contain control characters'],
  ])('refuses the name %j', (name, reason) => {
    expect(firstIssue({ ...chunk, filename: name })).toBe(`filename: ${reason}`)
    expect(firstIssue({ ...chunk, relativePath: name })).toBe(`relativePath: ${reason}`)
  })
})
