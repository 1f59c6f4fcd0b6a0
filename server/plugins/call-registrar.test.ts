import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { mediaHome, mediaPay, pingAnnouncement } from '../../core/contracts/calls.ts'
import { CALLS } from '../../core/contracts/registry.ts'
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
})
