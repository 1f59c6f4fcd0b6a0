import { describe, expect, it, vi } from 'vitest'
import { createApiLines, LINE_FAILURES_BEFORE_MOVING } from './api-lines.ts'

const A = 'https://a.example'
const B = 'https://b.example'
const C = 'https://c.example'

describe('createApiLines', () => {
  it('starts on the first line, or on the remembered one when it is still listed', () => {
    expect(createApiLines({ lines: [A, B] }).current()).toBe(A)
    expect(createApiLines({ lines: [A, B], current: B }).current()).toBe(B)
    expect(createApiLines({ lines: [A, B], current: C }).current()).toBe(A)
  })

  it('moves to the next line after failures in a row, and not before', () => {
    const onChange = vi.fn()
    const lines = createApiLines({ lines: [A, B, C], onChange })
    for (let i = 1; i < LINE_FAILURES_BEFORE_MOVING; i++) expect(lines.failed(A)).toBe(false)
    expect(lines.current()).toBe(A)
    expect(lines.failed(A)).toBe(true)
    expect(lines.current()).toBe(B)
    expect(onChange).toHaveBeenCalledExactlyOnceWith(B, [A, B, C])
  })

  it('says when calls move to another line: a failover, the way back, a line dropped; never at the start', () => {
    const onMoved = vi.fn()
    const lines = createApiLines({ lines: [A, B, C], current: B, onMoved })
    lines.setLines([A, B, C])
    lines.answered(B)
    expect(onMoved).not.toHaveBeenCalled()
    for (let i = 0; i < LINE_FAILURES_BEFORE_MOVING; i++) lines.failed(B)
    lines.answered(A)
    lines.setLines([B, C])
    expect(onMoved.mock.calls).toEqual([[C], [A], [B]])
  })

  it('forgives failures once the line in use answers', () => {
    const lines = createApiLines({ lines: [A, B] })
    lines.failed(A)
    lines.answered(A)
    lines.failed(A)
    expect(lines.current()).toBe(A)
  })

  it('ignores late failures of a line it already left, and answers from other lines', () => {
    const lines = createApiLines({ lines: [A, B, C] })
    lines.failed(A)
    lines.failed(A)
    // Calls sent to A before the move fail now: B is not blamed for them.
    lines.failed(A)
    lines.failed(A)
    expect(lines.current()).toBe(B)
    lines.failed(B)
    lines.answered(C)
    expect(lines.failed(B)).toBe(true)
    expect(lines.current()).toBe(C)
  })

  it('goes round to the first line after the last, in preference order', () => {
    const lines = createApiLines({ lines: [A, B, C] })
    const visited = [lines.current()]
    for (let i = 0; i < 3 * LINE_FAILURES_BEFORE_MOVING; i++) {
      if (lines.failed(lines.current())) visited.push(lines.current())
    }
    expect(visited).toEqual([A, B, C, A])
  })

  it('goes back to the first line as soon as it answers', () => {
    const onChange = vi.fn()
    const lines = createApiLines({ lines: [A, B, C], current: C, onChange })
    lines.answered(B)
    expect(lines.current()).toBe(C)
    lines.answered(A)
    expect(lines.current()).toBe(A)
    expect(onChange).toHaveBeenCalledExactlyOnceWith(A, [A, B, C])
    // Its failure count starts afresh.
    let failures = 1
    while (!lines.failed(A)) failures++
    expect(failures).toBe(LINE_FAILURES_BEFORE_MOVING)
  })

  it('never moves with a single line', () => {
    const lines = createApiLines({ lines: [A] })
    for (let i = 0; i < 5; i++) expect(lines.failed(A)).toBe(false)
    expect(lines.current()).toBe(A)
  })

  it('takes new lines, keeping the line in use while it is listed', () => {
    const onChange = vi.fn()
    const lines = createApiLines({ lines: [A, B], current: B, onChange })
    lines.setLines([A, B])
    expect(onChange).not.toHaveBeenCalled()
    lines.setLines([C, B])
    expect([lines.current(), lines.first()]).toEqual([B, C])
    expect(onChange).toHaveBeenLastCalledWith(B, [C, B])
    lines.setLines([A, C])
    expect(lines.current()).toBe(A)
    expect(onChange).toHaveBeenLastCalledWith(A, [A, C])
    lines.setLines([])
    expect([lines.current(), lines.count()]).toEqual([A, 2])
  })
})
