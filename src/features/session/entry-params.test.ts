import { describe, expect, it } from 'vitest'
import { readEntryParams, resolveDeviceId } from './entry-params.ts'

describe('readEntryParams', () => {
  it('reads UID, channel and flags', () => {
    expect(readEntryParams('?UID=device-1234&pc=p1&dc=d1&isLight=1&isAppStore=true')).toEqual({
      uid: 'device-1234',
      pc: 'p1',
      dc: 'd1',
      isLight: true,
      isAppStore: true,
    })
  })

  it('accepts uuid when UID is absent, and prefers UID', () => {
    expect(readEntryParams('?uuid=abcdefgh').uid).toBe('abcdefgh')
    expect(readEntryParams('?uuid=abcdefgh&UID=zyxwvuts').uid).toBe('zyxwvuts')
  })

  it('reads false flags and leaves absent ones undefined', () => {
    expect(readEntryParams('?isLight=0&isAppStore=false')).toEqual({ isLight: false, isAppStore: false })
    expect(readEntryParams('?isLight=')).toEqual({ isLight: false })
    expect(readEntryParams('')).toEqual({})
  })

  it("reads an invite link's affCode as the invite code, dropping one the server could never take", () => {
    expect(readEntryParams('?affCode=%20AB12cd%20').inviteCode).toBe('AB12cd')
    expect(readEntryParams(`?affCode=${'A'.repeat(17)}`).inviteCode).toBeUndefined()
    expect(readEntryParams('?affCode=AB%0912').inviteCode).toBeUndefined()
  })

  it('ignores blank values', () => {
    expect(readEntryParams('?UID=%20%20&pc=')).toEqual({})
  })
})

describe('resolveDeviceId', () => {
  const fresh = () => 'random-uuid'
  it.each([
    ['URL id longer than 6 characters wins', 'abcdefg', 'stored-id-1', 'abcdefg'],
    ['URL id of 6 characters is ignored for the stored one', 'abcdef', 'stored-id-1', 'stored-id-1'],
    ['short URL id and no stored id → random', '123', undefined, 'random-uuid'],
    ['no id anywhere → random', undefined, undefined, 'random-uuid'],
    ['short stored id → random', undefined, 'abc', 'random-uuid'],
    ['stored id kept', undefined, 'stored-id-1', 'stored-id-1'],
    ['URL id with a tab is ignored for the stored one', 'device\t1234', 'stored-id-1', 'stored-id-1'],
    ['URL id longer than login/guest takes is ignored', 'd'.repeat(129), undefined, 'random-uuid'],
    ['URL id of 128 characters wins', 'd'.repeat(128), undefined, 'd'.repeat(128)],
  ])('%s', (_name, fromUrl, stored, expected) => {
    expect(resolveDeviceId(fromUrl, stored, fresh)).toBe(expected)
  })
})
