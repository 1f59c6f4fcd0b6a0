import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CALLS } from '../../core/contracts/registry.ts'

/** The call → module table of this folder's README, read back as data. */
function readmeTable(): string[][] {
  const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8')
  return [...readme.matchAll(/^\| `([^`]+)`(?: \((GET|multipart)\))?\s*\| (\w+)\s*\| (yes|no)\s*\|/gm)].map(
    ([, name, marker, module, secured]) => [
      name!,
      marker === 'GET' ? 'GET' : 'POST',
      marker === 'multipart' ? 'multipart' : 'json',
      module!,
      secured!,
    ],
  )
}

describe('server/modules/README.md', () => {
  it('lists every call of the registry with its method, transport, module and whether it needs a session', () => {
    const expected = CALLS.map((call) => [
      call.name,
      call.method,
      call.transport,
      call.module,
      call.secured ? 'yes' : 'no',
    ])
    expect(readmeTable().sort()).toEqual(expected.sort())
  })

  it('names modules that exist, so a call leads to its code in one hop', () => {
    for (const call of CALLS)
      expect(existsSync(new URL(`./${call.module}/routes.ts`, import.meta.url)), call.name).toBe(true)
  })
})
