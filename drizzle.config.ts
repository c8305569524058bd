import { defineConfig } from 'drizzle-kit'

// Migrations are generated from server/db/schema.ts with `npm run db:generate`, checked in, and
// applied at start by server/db/client.ts on PGlite and on PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
