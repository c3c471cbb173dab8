// Issue 34 §5: the files screen lists the files the app keeps in R2. The demo's audio is put in
// R2 by the seed; each one it stores is a row of the files table (SPEC §3 File), so the admin's
// list (GET /v1/admin/files) shows them with their size, and re-seeding does not list them twice.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { getDb } from '#worker/db/client'
import { seed } from '#worker/seed/seed'
import { json } from '../helpers'
import { people, send } from './support'

const seedMedia = () =>
  seed(getDb(env.DB), {
    hashPassword: async (p) => `test$${p.length}`,
    only: { routes: true, posts: true, plans: false, users: false },
    async putMedia(key) {
      const bytes = new Uint8Array(key.endsWith('.mp3') ? 3000 : 100)
      await env.MEDIA.put(key, bytes)
      return bytes.byteLength
    },
  })

describe('the files screen after the seed', () => {
  it('lists the demo audio the seed stored, with size and key, once', async () => {
    await seedMedia()
    await seedMedia()
    const { admin } = await people()
    const res = await send('GET', '/v1/admin/files', admin.token, { 'filters[type]': 'audio', per_page: '100' })
    expect(res.status).toBe(200)
    const body = await json(res)
    const keys = body.rows.map((r: { r2_key: string }) => r.r2_key)
    expect(keys).toContain('units/es-breathing-1.mp3')
    expect(new Set(keys).size).toBe(keys.length)
    const row = body.rows.find((r: { r2_key: string }) => r.r2_key === 'units/es-breathing-1.mp3')
    expect(row).toMatchObject({ type: 'audio', tag: 'audio', size: 3000, title: 'es-breathing-1.mp3' })
    // Transcripts are not files of SPEC's kinds (cover, audio, video): they stay out of the list.
    expect(keys.some((k: string) => k.endsWith('.vtt'))).toBe(false)
  })
})
