import { describe, expect, it } from 'vitest'
import {
  MAX_IMAGE_ORIGINS,
  MAX_MESSAGE_URL_LENGTH,
  MAX_PREFETCH_URLS,
  isPageToWorkerMessage,
  isWorkerToPageMessage,
} from './sw-messages.ts'

const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://img.test/${i}.png`)

describe('isPageToWorkerMessage', () => {
  it.each([
    [{ type: 'SKIP_WAITING' }, true],
    [{ type: 'GET_VERSION' }, true],
    [{ type: 'IMAGE_ORIGINS', origins: ['https://img.test/'] }, true],
    [{ type: 'IMAGE_ORIGINS', origins: [] }, true],
    [{ type: 'IMAGE_ORIGINS', origins: urls(MAX_IMAGE_ORIGINS) }, true],
    [{ type: 'IMAGE_ORIGINS', origins: urls(MAX_IMAGE_ORIGINS + 1) }, false],
    [{ type: 'IMAGE_ORIGINS' }, false],
    [{ type: 'IMAGE_ORIGINS', origins: 'https://img.test/' }, false],
    [{ type: 'IMAGE_ORIGINS', origins: [''] }, false],
    [{ type: 'IMAGE_ORIGINS', origins: [1] }, false],
    [{ type: 'PREFETCH_IMAGES', urls: urls(3) }, true],
    [{ type: 'PREFETCH_IMAGES', urls: urls(MAX_PREFETCH_URLS) }, true],
    [{ type: 'PREFETCH_IMAGES', urls: urls(MAX_PREFETCH_URLS + 1) }, false],
    [{ type: 'PREFETCH_IMAGES', urls: [`https://img.test/${'a'.repeat(MAX_MESSAGE_URL_LENGTH)}`] }, false],
    [{ type: 'PREFETCH_IMAGES', urls: [null] }, false],
    [{ type: 'PREFETCH_IMAGES' }, false],
    [{ type: 'VERSION', version: 'v1' }, false],
    [{ type: 'NOPE' }, false],
    [{}, false],
    [null, false],
    ['SKIP_WAITING', false],
  ])('%j → %s', (value, expected) => {
    expect(isPageToWorkerMessage(value)).toBe(expected)
  })
})

describe('isWorkerToPageMessage', () => {
  it.each([
    [{ type: 'VERSION', version: 'v1' }, true],
    [{ type: 'VERSION' }, false],
    [{ type: 'PREFETCH_DONE', stored: 1, skipped: 0, failed: 2 }, true],
    [{ type: 'PREFETCH_DONE', stored: 1, skipped: 0 }, false],
    [{ type: 'PREFETCH_DONE', stored: -1, skipped: 0, failed: 0 }, false],
    [{ type: 'PREFETCH_DONE', stored: 1.5, skipped: 0, failed: 0 }, false],
    [{ type: 'SKIP_WAITING' }, false],
    [null, false],
  ])('%j → %s', (value, expected) => {
    expect(isWorkerToPageMessage(value)).toBe(expected)
  })
})
