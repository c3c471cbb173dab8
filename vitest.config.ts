import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { localVars } from './scripts/local-vars'

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: './src/worker/index.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        // wrangler.toml is production; tests take the local settings (config/local.vars) and say 'test'.
        bindings: {
          ...localVars(),
          APP_ENV: 'test',
          TEST_MIGRATIONS: await readD1Migrations('./migrations'),
        },
      },
    })),
  ],
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    // One workerd runs the files one after another (decision 031): a runtime's start-up and the
    // migrations are paid once per worker, not per file; test/reset.ts empties storage per file.
    isolate: false,
    // Two workers, so two workerds (each with its own storage, each file from empty storage): on the
    // 2-core machine users/content/engagement (31 files) took 34 s in one and 21 s in two.
    maxWorkers: 2,
  },
})
