import { describe, expect, it } from 'vitest'
import { inviteSymbol } from './poster.ts'
import { INVITE_LINK } from './testing.ts'

describe('inviteSymbol', () => {
  it('encodes exactly the invite link, with M error correction', () => {
    const symbol = inviteSymbol(INVITE_LINK)
    const text = symbol.segments
      .map(({ data }) => (typeof data === 'string' ? data : new TextDecoder().decode(data as Uint8Array)))
      .join('')
    expect(text).toBe(INVITE_LINK)
    expect(symbol.errorCorrectionLevel.bit).toBe(0)
  })
})
