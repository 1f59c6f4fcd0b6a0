import { readdirSync, readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { getTableName, isTable } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

const SCHEMA_DIR = new URL('./schema/', import.meta.url)
const MODULES_DIR = new URL('../modules/', import.meta.url)

/** The table → module list of README.md, as `| \`table\` | module |` rows. */
function documentedOwners(): Record<string, string> {
  const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8')
  return Object.fromEntries(
    [...readme.matchAll(/^\| `(\w+)` +\| (\w+) +\|$/gm)].map(([, table, module]) => [table, module]),
  )
}

/** Every table drizzle-kit sees, with the module its schema file is named after. */
async function schemaOwners(): Promise<Record<string, string>> {
  const owners: Record<string, string> = {}
  for (const file of readdirSync(SCHEMA_DIR).filter((name) => name.endsWith('.ts'))) {
    const exports: Record<string, unknown> = await import(new URL(file, SCHEMA_DIR).href)
    for (const value of Object.values(exports)) {
      if (isTable(value)) owners[getTableName(value)] = basename(file, '.ts')
    }
  }
  return owners
}

describe('table owners', () => {
  it('names each schema file after a module in server/modules', () => {
    const modules = readdirSync(MODULES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory())
    const files = readdirSync(SCHEMA_DIR).map((name) => basename(name, '.ts'))
    expect(modules.map((entry) => entry.name)).toEqual(expect.arrayContaining(files))
  })

  it('lists every table of the schema, and only those, with its owner in README.md', async () => {
    expect(documentedOwners()).toEqual(await schemaOwners())
  })
})
