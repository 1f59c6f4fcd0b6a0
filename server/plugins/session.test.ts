import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { revokeSession } from '../modules/accounts/repo.ts'
import { BACKENDS, useTestApp } from '../testing/harness.ts'
import { createSessionLookup } from './session.ts'

describe.each(BACKENDS)('session lookup (%s)', (backend) => {
  const t = useTestApp(backend)

  it('does not remember a lookup that was under way during a logout', async () => {
    const login = await t.client.call('login/guest', { devID: 'device-session-1', affCode: '' })
    const { token, id } = login.body.data as { token: string; id: number }
    const sessions = createSessionLookup({ db: t.db, now: t.clock.now })
    // A lookup under way when a logout forgets the token (with several connections its answer
    // can have read the session before the revocation landed)…
    const underway = sessions.find(token)
    await sessions.forget(token)
    expect(await underway).toMatchObject({ userId: id })
    // …serves its own request but is not remembered: the next lookup asks the database.
    await revokeSession(t.db, createHash('sha256').update(token).digest('hex'), new Date(t.clock.now()))
    expect(await sessions.find(token)).toBeNull()
  })

  it('remembers a session for a moment, then asks the database again', async () => {
    const login = await t.client.call('login/guest', { devID: 'device-session-2', affCode: '' })
    const { token, id } = login.body.data as { token: string; id: number }
    const sessions = createSessionLookup({ db: t.db, now: t.clock.now })
    expect(await sessions.find(token)).toMatchObject({ userId: id })
    await revokeSession(t.db, createHash('sha256').update(token).digest('hex'), new Date(t.clock.now()))
    expect(sessions.find(token)).toMatchObject({ userId: id })
    t.clock.advance(5_000)
    expect(await sessions.find(token)).toBeNull()
  })
})
