import { describe, expect, it, vi } from 'vitest'
import { copyText, shareLink } from './share.ts'

const link = { title: '标题', url: 'https://share.example/?affCode=AB12CD' }
const poster = new File(['png'], 'poster.png', { type: 'image/png' })

describe('shareLink', () => {
  it('asks for the sheet before anything is awaited, with the files where the browser takes them', () => {
    const share = vi.fn(async () => {})
    void shareLink({ share, canShare: () => true }, { ...link, files: [poster] })
    expect(share).toHaveBeenCalledWith({ ...link, files: [poster] })
    void shareLink({ share, canShare: () => false }, { ...link, files: [poster] })
    expect(share).toHaveBeenLastCalledWith(link)
    void shareLink({ share }, { ...link, files: [poster] })
    expect(share).toHaveBeenLastCalledWith(link)
  })

  it.each([
    ['a dismissed sheet', { share: async () => Promise.reject(new DOMException('', 'AbortError')) }, 'shared'],
    ['no sheet', {}, 'copied'],
    ['a refused sheet', { share: async () => Promise.reject(new DOMException('', 'NotAllowedError')) }, 'copied'],
  ] as const)('%s: %s', async (_case, deps, outcome) => {
    const copy = vi.fn(async () => {})
    expect(await shareLink({ ...deps, copy }, link)).toBe(outcome)
    expect(copy).toHaveBeenCalledTimes(outcome === 'copied' ? 1 : 0)
  })

  it('fails with neither a sheet nor a clipboard that takes the link', async () => {
    expect(await shareLink({}, link)).toBe('failed')
    expect(await shareLink({ copy: async () => Promise.reject(new Error('denied')) }, link)).toBe('failed')
    expect(await copyText({}, link.url)).toBe(false)
  })
})
