// Seeds the local D1 and R2 that `wrangler dev --persist-to <dir>` uses: demo content in both
// languages, demo users per role, the unit audio and a few transcripts. Idempotent (safe to run on every start).
//   npx tsx scripts/seed.ts [--persist-to .wrangler/state] [--migrate]
// --migrate: first the D1 migrations not yet applied (decision 056), as `wrangler d1 migrations
// apply DB --local` applies them (the same d1_migrations table, each file and its row in one
// batch), in this process: wrangler's CLI took ~22 s of a core to start for it.
import { readFile, readdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { getPlatformProxy, unstable_splitSqlQuery } from 'wrangler'
import { getDb } from '../src/worker/db/client'
import { contentTypeOf } from '../src/worker/lib/media-types'
import { hashPassword } from '../src/worker/features/users/password'
import { unitSeconds } from '../src/worker/seed/data/audio'
import { seed } from '../src/worker/seed/seed'
import { calmBedFrames, lengthen } from './lib/calm-audio'
import { coverPng } from './lib/covers'
import { LOCAL_VARS_FILE } from './local-vars'

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name)
  return i > -1 && process.argv[i + 1] ? process.argv[i + 1]! : fallback
}
const persistTo = resolve(arg('--persist-to', '.wrangler/state'))
const mediaDir = resolve('seed/media')

const proxy = await getPlatformProxy<{ DB: D1Database; MEDIA: R2Bucket }>({
  configPath: 'wrangler.toml',
  persist: { path: join(persistTo, 'v3') },
  remoteBindings: false,
  // wrangler.toml is production; local runs take config/local.vars (as wrangler dev does).
  envFiles: [LOCAL_VARS_FILE],
})
/** The migrations in ./migrations not yet in d1_migrations, each with its row, one batch a file. */
async function migrate(db: D1Database) {
  await db
    .prepare(
      'CREATE TABLE IF NOT EXISTS d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
    )
    .run()
  const applied = new Set(
    (await db.prepare('SELECT name FROM d1_migrations').all<{ name: string }>()).results.map((r) => r.name),
  )
  const files = (await readdir('migrations')).filter((f) => f.endsWith('.sql')).sort()
  for (const name of files.filter((f) => !applied.has(f))) {
    const queries = unstable_splitSqlQuery(await readFile(join('migrations', name), 'utf8'))
    await db.batch([
      ...queries.map((q) => db.prepare(q)),
      db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(name),
    ])
  }
  console.log(`migrations: ${files.length - applied.size} applied, ${applied.size} already there`)
}

try {
  const { env } = proxy
  /**
   * An R2 call through the platform proxy, tried again when the proxy's socket closes under it
   * (`TypeError: fetch failed`, "other side closed": seen once in a full `npm test` with both
   * cores busy). A put or head of the same key is safe to repeat.
   */
  const overProxy = async <T>(run: () => Promise<T>): Promise<T> => {
    for (let tries = 1; ; tries++) {
      try {
        return await run()
      } catch (e) {
        if (tries >= 4 || !(e instanceof TypeError && e.message === 'fetch failed')) throw e
        await new Promise((r) => setTimeout(r, 250 * tries))
      }
    }
  }
  if (process.argv.includes('--migrate')) await migrate(env.DB)
  const started = Date.now()
  let bed: Uint8Array[] | undefined // made on the first unit that needs it
  const report = await seed(getDb(env.DB), {
    hashPassword,
    async putMedia(key, file) {
      // A unit's audio is its spoken clip then the calm bed, up to the unit's length (scripts/lib/calm-audio.ts).
      const clip = await readFile(join(mediaDir, file))
      const seconds = file.endsWith('.mp3') ? String(unitSeconds(file)) : ''
      // Skip what is already stored alike (same size; an audio of the same length): re-seeding stays quick.
      const head = await overProxy(() => env.MEDIA.head(key))
      if (head && (seconds ? head.customMetadata?.seconds === seconds : head.size === clip.byteLength)) return head.size
      const bytes = seconds ? lengthen(clip, (bed ??= calmBedFrames()), Number(seconds)) : clip
      // The type of the extension (audio, or a WebVTT transcript); /media sets the caching.
      await overProxy(() =>
        env.MEDIA.put(key, bytes, {
          httpMetadata: { contentType: contentTypeOf(key) ?? 'application/octet-stream' },
          customMetadata: seconds ? { seconds } : undefined,
        }),
      )
      return bytes.byteLength
    },
    async putCover(key, variant) {
      if (await overProxy(() => env.MEDIA.head(key))) return // drawn once
      await overProxy(() =>
        env.MEDIA.put(key, coverPng(variant, variant * 7 + key.length), {
          httpMetadata: { contentType: 'image/png' },
        }),
      )
    },
    log: (line) => console.log(line),
  })
  console.log(
    `seed done in ${Date.now() - started} ms (${report.routes} new routes, ${report.posts} new posts, ${report.users} new users)`,
  )
} finally {
  await proxy.dispose()
}
