import { describe, expect, it } from 'vitest'
import { credentialSymbol } from './credential-card.ts'

describe('credentialSymbol', () => {
  it('encodes exactly the credential text, nothing around it', () => {
    const credential = `MQC1-${'aB3_-'.repeat(8)}xyz`
    const symbol = credentialSymbol(credential)
    // Byte-mode segments hold the bytes of the text.
    const text = symbol.segments
      .map(({ data }) => (typeof data === 'string' ? data : new TextDecoder().decode(data as Uint8Array)))
      .join('')
    expect(text).toBe(credential)
    // M: 15 % of the code may be damaged.
    expect(symbol.errorCorrectionLevel.bit).toBe(0)
  })
})
