// The settings of local and test runs (config/local.vars, dotenv format), for the Node-side
// configs: vitest.config.ts, vite.config.ts (`npm run dev`) and scripts/seed.ts.
// scripts/lib/server.mjs hands the same file to `wrangler dev --env-file`.
// docs/decisions/015-production-by-default.md
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseEnv } from 'node:util'

export const LOCAL_VARS_FILE = fileURLToPath(new URL('../config/local.vars', import.meta.url))

/** config/local.vars as a record of strings. */
export function localVars(): Record<string, string> {
  return parseEnv(readFileSync(LOCAL_VARS_FILE, 'utf8')) as Record<string, string>
}
