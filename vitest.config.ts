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
    // Vitest empties every stylesheet it is not told to keep, `?raw` too; these two are read as
    // text by test/engagement/ranking-contrast.test.ts (the arrows' contrast, issue 41 §4).
    css: { include: [/src\/client\/styles\/base\.css/, /src\/client\/features\/engagement\/engagement\.css/] },
    // One workerd runs the files one after another (decision 031): a runtime's start-up and the
    // migrations are paid once per worker, not per file; test/reset.ts empties storage per file.
    isolate: false,
    // Three workers, so three workerds (each with its own storage, each file from empty storage):
    // two left ~0.45 of the 2-core machine idle once the checks beside them ended (a worker waits
    // on its runtime between calls); three keep it busy: npm test's first part 342 -> 304 s
    // (decision 056). On the same machine one took 34 s for users/content/engagement, two 21 s.
    maxWorkers: 3,
    // A test's time limit finds a hang, not a slow path (speed is measured in `npm run bench`). The
    // checks run beside vitest on 2 cores, and a file's first call may transform a large module
    // (stripe's SDK) on demand: CI once took > 5 s (vitest's default) for a money scenario that
    // takes 1.3 s alone. 20 s still stops a hang long before the suite's budget.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
