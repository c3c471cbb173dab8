// drizzle-kit: generates SQL migrations from the schema (DESIGN §5). `npm run db:generate`
// writes migrations/NNNN_<name>.sql (applied by wrangler) plus migrations/meta/ (snapshots
// drizzle-kit needs to diff the next generation: commit it, never edit by hand).
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/worker/db/schema.ts',
  out: './migrations',
})
