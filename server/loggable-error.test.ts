import { eq, sql } from 'drizzle-orm'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { stdSerializers } from 'pino'
import { describe, expect, it } from 'vitest'
import { users } from './db/schema/accounts.ts'
import { loggableError } from './loggable-error.ts'
import { BACKENDS, useFreshDatabase, useTestApp } from './testing/harness.ts'

/** What a failed promise rejected with. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a failure')
}

/** The error as the request log writes it (Fastify's `err` serializer is pino's). */
const logged = (error: unknown) => JSON.stringify(stdSerializers.err(loggableError(error) as Error))

describe.each(BACKENDS)('loggableError (%s)', (backend) => {
  const database = useFreshDatabase(backend)

  it('keeps the statement and the code of a failed query, not the value out of range', async () => {
    const error = await failure(database.db.select().from(users).where(eq(users.id, 2_147_483_648)))
    expect(error).toBeInstanceOf(DrizzleQueryError)
    const text = logged(error)
    expect(text).toContain('from \\"users\\" where \\"users\\".\\"id\\" = $1')
    expect(text).toContain('"code":"22003"')
    expect(text).toContain('is out of range for type integer')
    expect(text).not.toContain('2147483648')
  })

  it('keeps no text with a NUL in it', async () => {
    const error = await failure(database.db.select().from(users).where(eq(users.deviceId, 'device-secret\u0000x')))
    const text = logged(error)
    expect(text).toContain('"code":"22021"')
    expect(text).toContain('\\"device_id\\" = $1')
    expect(text).not.toContain('device-secret')
  })

  it('drops the detail that repeats a conflicting value, keeping the constraint', async () => {
    const row = { deviceId: 'device-secret-unique', nickname: 'n', isGuest: true, createdAt: new Date(0) }
    await database.db.insert(users).values(row)
    const text = logged(await failure(database.db.insert(users).values(row)))
    expect(text).toContain('"code":"23505"')
    expect(text).toContain('"constraint":"users_device_id_key"')
    expect(text).toContain('insert into \\"users\\"')
    expect(text).not.toContain('device-secret-unique')
  })

  it('masks a bound value the message still names, quoted or not', async () => {
    const error = await failure(database.db.execute(sql`select ${'no "number" here'}::int4`))
    const text = logged(error)
    expect(text).toContain('"code":"22P02"')
    expect(text).not.toContain('number')
  })
})

describe('loggableError', () => {
  it('leaves an error that is not a query failure to the logger', () => {
    const error = new Error('connection refused')
    expect(loggableError(error)).toBe(error)
    expect(loggableError('text')).toBe('text')
    const wrapped = new Error('import failed', { cause: error })
    expect(loggableError(wrapped)).toBe(wrapped)
  })

  it('converts a database error raised without drizzle, keeping its code', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "sessions_token_hash_key"'), {
      code: '23505',
      severity: 'ERROR',
      constraint: 'sessions_token_hash_key',
      detail: 'Key (token_hash)=(hash-secret-99) already exists.',
      where: "unnamed portal parameter $1 = 'hash-secret-99'",
    })
    const text = logged(error)
    expect(text).toContain('"code":"23505"')
    expect(text).toContain('unique constraint \\"sessions_token_hash_key\\"')
    expect(text).not.toContain('hash-secret-99')
  })

  it('converts a query failure found as a cause', () => {
    const query = new DrizzleQueryError('select $1', ['device-secret-cause'], new Error('boom'))
    const text = logged(new Error('login failed', { cause: query }))
    expect(text).toContain('login failed')
    expect(text).toContain('caused by: FailedQuery: boom')
    expect(text).not.toContain('device-secret-cause')
  })
})

describe.each(BACKENDS)('the unexpected-error log (%s)', (backend) => {
  const t = useTestApp(backend)

  it('holds the failed statement and its database error, not the values bound to it', async () => {
    await t.db.execute(
      sql.raw(`alter table users add constraint refuse_one_guest check (device_id <> 'device-secret-4242')`),
    )
    const answer = await t.client.call('login/guest', { devID: 'device-secret-4242', affCode: '{"pc":"channel-77"}' })
    expect(answer.status).toBe(500)
    expect(answer.body.code).toBe(5000)
    const line = t.logs.find((entry) => entry.includes('unexpected error'))
    expect(line).toBeDefined()
    expect(line).toContain('insert into \\"users\\"')
    expect(line).toContain('"code":"23514"')
    expect(line).toContain('refuse_one_guest')
    expect(t.logs.join('')).not.toContain('device-secret-4242')
    expect(t.logs.join('')).not.toContain('channel-77')
  })
})
