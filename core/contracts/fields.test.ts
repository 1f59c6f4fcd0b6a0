import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { IdSchema, MAX_ID, PlainTextSchema } from './fields.ts'
import { describeIssue } from './call.ts'
import { IdRequestSchema, SearchRequestSchema } from './media.ts'
import { FavouriteDeleteRequestSchema } from './play.ts'
import { GuestLoginRequestSchema, UserInfoRequestSchema } from './session.ts'

/** What the server answers with 4000: "field: reason" for the first issue. */
function firstIssue(schema: v.GenericSchema, value: unknown): string | null {
  const parsed = v.safeParse(schema, value)
  return parsed.success ? null : describeIssue(parsed.issues)
}

describe('IdSchema', () => {
  it.each([1, 4, 100_001, MAX_ID, 4.0])('accepts %j', (value) => {
    expect(v.parse(IdSchema, value)).toBe(value)
  })

  it.each([
    ['2^31', 2 ** 31],
    ['past a safe integer', 2 ** 53 + 2],
    ['zero', 0],
    ['negative', -1],
    ['a fraction', 1.5],
    ['true', true],
    ['an array', [4]],
    ['a hex string', '0x10'],
    ['a padded string', ' 4 '],
    ['a decimal string (the app sends numbers)', '4'],
    ['an empty string', ''],
    ['null', null],
    ['an object', { id: 4 }],
  ])('refuses %s', (_name, value) => {
    expect(firstIssue(v.object({ id: IdSchema }), { id: value })).toBe(`id: must be an integer from 1 to ${MAX_ID}`)
  })
})

describe('PlainTextSchema', () => {
  it.each(['device-1234', '', '夏日 beach', 'emoji 🎬', 'quotes " and \\ and \u00a0', '{"pc":"a"}'])(
    'accepts %j',
    (value) => {
      expect(v.parse(PlainTextSchema, value)).toBe(value)
    },
  )

  it.each([
    ['NUL', 'a\u0000b'],
    ['a tab', 'a\tb'],
    ['a line feed', 'a\n'],
    ['a carriage return', '\rb'],
    ['ESC', '\u001b[31m'],
    ['DEL', 'a\u007f'],
    ['a C1 control', 'a\u0085'],
  ])('refuses %s', (_name, value) => {
    expect(firstIssue(v.object({ text: PlainTextSchema }), { text: value })).toBe(
      'text: must not contain control characters',
    )
  })

  it('refuses what is not a string', () => {
    expect(firstIssue(v.object({ text: PlainTextSchema }), { text: 4 })).toBe('text: must be text')
  })
})

describe('contracts use the shared rules', () => {
  const id = `must be an integer from 1 to ${MAX_ID}`
  const text = 'must not contain control characters'
  it.each([
    [IdRequestSchema, { id: 2 ** 31 }, `id: ${id}`],
    [IdRequestSchema, { id: true }, `id: ${id}`],
    [FavouriteDeleteRequestSchema, { ids: [1, 2 ** 31] }, `ids.1: ${id}`],
    [UserInfoRequestSchema, { userId: '0x10' }, `userId: ${id}`],
    [SearchRequestSchema, { keyword: 'a\u0000' }, `keyword: ${text}`],
    [GuestLoginRequestSchema, { devID: 'device\u0000' }, `devID: ${text}`],
    [GuestLoginRequestSchema, { devID: 'device-1', affCode: '{"pc":"\u0001"}' }, `affCode: ${text}`],
  ])('%#: refuses %j naming the field', (schema, value, message) => {
    expect(firstIssue(schema, value)).toBe(message)
  })

  it('keeps trimming and defaults', () => {
    expect(v.parse(SearchRequestSchema, { keyword: '  夏日 ' })).toEqual({ keyword: '夏日' })
    expect(v.parse(GuestLoginRequestSchema, { devID: 'd' })).toEqual({ devID: 'd', affCode: '', token: '' })
    expect(v.parse(UserInfoRequestSchema, {})).toEqual({})
  })
})
