import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors.ts'
import { decodeCursor, encodeCursor } from './cursor.ts'

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('keyset cursors', () => {
  it.each([[{ key: 1767225600123, id: 42 }], [{ key: 0, id: 1 }], [{ key: 2_000_000, id: 2 ** 31 - 1 }]])(
    'round-trips %j as opaque base64url',
    (position) => {
      const cursor = encodeCursor('latest', position)
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
      expect(decodeCursor('latest', cursor)).toEqual(position)
    },
  )

  it('reads no cursor as the first page', () => {
    expect(decodeCursor('latest', undefined)).toBeNull()
    expect(decodeCursor('latest', '')).toBeNull()
  })

  it.each([
    ['another order', encodeCursor('plays', { key: 1, id: 1 })],
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('{nope').toString('base64url')],
    ['an object', raw({ key: 1, id: 1 })],
    ['too short', raw(['latest', 1])],
    ['a string key', raw(['latest', '1', 1])],
    ['a fractional id', raw(['latest', 1, 1.5])],
    ['a negative key', raw(['latest', -1, 1])],
    ['a zero id', raw(['latest', 1, 0])],
    ['an id past int4', raw(['latest', 1, 2 ** 31])],
    ['a key past any date', raw(['latest', 9e15, 1])],
  ])('refuses %s with 4000 cursor', (_, cursor) => {
    let error: unknown
    try {
      decodeCursor('latest', cursor)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 4000, message: expect.stringMatching(/^cursor: /) })
  })
})
