import { defineConfig } from 'drizzle-kit'

/** `npm run db:generate` writes a migration for schema changes; both databases apply the same files. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema',
  out: './server/db/migrations',
})
