import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { mediaHome, mediaPay, pingAnnouncement, uploadImages } from '../../core/contracts/calls.ts'
import { CALLS } from '../../core/contracts/registry.ts'
import { AppError } from '../errors.ts'
import { createCallRegistrar } from './calls.ts'

function registrar(checkAnswers: boolean) {
  const app = Fastify()
  return { app, calls: createCallRegistrar(app, (reply, result) => reply.send(result), { checkAnswers }) }
}

describe('call registrar', () => {
  it('lets a module answer only the calls its entries give it', () => {
    const { calls } = registrar(false)
    expect(() => calls.forModule('wallet')(mediaHome, () => ({ sections: [] }))).toThrow(
      'media/home belongs to the catalogue module, not wallet',
    )
    expect(() => calls.forModule('wallet')(mediaPay, () => ({ alreadyOwned: true, balance: 0 }))).not.toThrow()
  })

  it('refuses to start while a call of the registry has no handler', () => {
    const { calls } = registrar(false)
    calls.forModule('ping')(pingAnnouncement, () => null)
    const missing = CALLS.filter((call) => call !== pingAnnouncement).map((call) => call.name)
    expect(missing).toContain(mediaHome.name)
    expect(() => calls.assertComplete()).toThrow(`no handler for ${missing.join(', ')}`)
  })

  it('checks answers against the contract when asked, and fails the request that breaks it', async () => {
    const wrong = { id: 1, title: '公告', content: 7, publishedAt: 1 }
    for (const checkAnswers of [true, false]) {
      const { app, calls } = registrar(checkAnswers)
      calls.forModule('ping')(pingAnnouncement, () => wrong as never)
      const answer = await app.inject({ method: 'POST', url: '/api/app/ping/announcement', payload: {} })
      expect(answer.statusCode).toBe(checkAnswers ? 500 : 200)
      if (!checkAnswers) expect(answer.json()).toMatchObject({ code: 200, data: wrong })
      await app.close()
    }
  })

  describe('a multipart call', () => {
    const params = {
      chunkNumber: '1',
      chunkSize: '1024',
      currentChunkSize: '1500',
      totalSize: '1500',
      identifier: 'photo',
      totalChunks: '1',
      filename: 'holiday/photo.png',
    }
    const boundary = 'test-boundary'
    const form = (fields: Record<string, string>, file: Buffer) => ({
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        ...Object.entries(fields).map(([name, value]) =>
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    })

    function chunkApp(present: boolean) {
      const { app, calls } = registrar(true)
      // As server/app.ts answers an AppError: its status, or the code's.
      app.setErrorHandler((error, _request, reply) =>
        error instanceof AppError
          ? reply.code(error.httpStatus ?? 200).send({ code: error.code, msg: error.message })
          : reply.send(error),
      )
      const seen: unknown[] = []
      calls.forModule('uploads')(uploadImages, (input) => {
        seen.push(input)
        return input.chunk ? { done: false } : { present, done: false }
      })
      return { app, seen }
    }

    it('hands the handler the parsed fields and the chunk, without the file name', async () => {
      const { app, seen } = chunkApp(true)
      const chunk = Buffer.alloc(1500, 7)
      const answer = await app.inject({ method: 'POST', url: '/api/app/upload/images', ...form(params, chunk) })
      expect(answer.json()).toMatchObject({ code: 200, data: { done: false } })
      expect(seen).toEqual([
        {
          chunkNumber: 1,
          chunkSize: 1024,
          currentChunkSize: 1500,
          totalSize: 1500,
          identifier: 'photo',
          totalChunks: 1,
          chunk: expect.any(Buffer),
        },
      ])
      expect(Buffer.compare((seen[0] as { chunk: Buffer }).chunk, chunk)).toBe(0)
      await app.close()
    })

    it('answers the GET check 200 when the chunk is there and 204 when it is not', async () => {
      const query = new URLSearchParams(params).toString()
      for (const present of [true, false]) {
        const { app, seen } = chunkApp(present)
        const answer = await app.inject({ method: 'GET', url: `/api/app/upload/images?${query}` })
        expect(answer.statusCode).toBe(present ? 200 : 204)
        expect(answer.body === '').toBe(!present)
        expect(seen).toMatchObject([{ chunkNumber: 1, chunk: null }])
        await app.close()
      }
    })

    it('refuses wrong parameters with HTTP 400, a missing chunk too, and a chunk past its size with 413', async () => {
      const { app, seen } = chunkApp(true)
      const wrong = await app.inject({
        method: 'GET',
        url: `/api/app/upload/images?${new URLSearchParams({ ...params, totalChunks: '2' })}`,
      })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toMatchObject({ code: 4000, msg: expect.stringMatching(/^totalChunks: /) })
      const fieldsOnly = Object.entries(params)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('')
      const missing = await app.inject({
        method: 'POST',
        url: '/api/app/upload/images',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${fieldsOnly}--${boundary}--\r\n`,
      })
      expect(missing.statusCode).toBe(400)
      expect(missing.json()).toMatchObject({ code: 4000, msg: expect.stringMatching(/^file: /) })
      const huge = await app.inject({
        method: 'POST',
        url: '/api/app/upload/images',
        ...form(params, Buffer.alloc(2 * 1024 * 1024 + 1)),
      })
      expect(huge.statusCode).toBe(413)
      expect(seen).toEqual([])
      await app.close()
    })
  })
})
