// Issue 42 §1 (docs/decisions/064-*.md): what a readable post embeds plays for whoever may read
// it. The demo article "Tu plan para dormir mejor en 7 noches" embeds a unit's file
// (units/es-sleep-1.mp3): /media answered 401 to a visitor and 403 to a patient whose unit was
// locked, and the post's Audio tab was a silent 0:00 player. A unit's file embedded in a
// published post is the post's to show; the same file not embedded anywhere stays the unit's.
import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { posts, units } from '#worker/db/schema'
import { getDb } from '#worker/db/client'
import { seed } from '#worker/seed/seed'
import { makePost, makeRoute, patch } from '../factories'
import { AUDIO, bearer, someone } from '../playback/support'

const get = (path: string, headers: Record<string, string> = {}) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, { headers })

let n = 0
/** A route of two units, each with its own file in R2; the second is locked for a new patient. */
async function unitFiles() {
  const route = await makeRoute({ units: 2 })
  const keys: string[] = []
  for (const u of route.units) {
    const key = `units/post-embed-${++n}.mp3`
    await patch(units, u.id, { mediaKey: key })
    await env.MEDIA.put(key, AUDIO, { httpMetadata: { contentType: 'audio/mpeg' } })
    keys.push(key)
  }
  return { route, keys }
}

describe('a unit’s file embedded in a post', () => {
  it('plays for a visitor and for a patient for whom the unit is locked, when the post is published', async () => {
    const { keys } = await unitFiles()
    const post = await makePost()
    await patch(posts, post.id, { audios: [{ key: keys[1]!, title: 'Escúchalo' }] })

    const visitor = await get(`/media/${keys[1]}`, { range: 'bytes=0-1023' })
    expect(visitor.status).toBe(206)
    expect((await visitor.arrayBuffer()).byteLength).toBe(1024)
    // Whoever may read the post, no more: never a shared cache.
    expect(visitor.headers.get('cache-control')).toBe('private, max-age=3600')

    const patient = await someone('free')
    const locked = await get(`/media/${keys[1]}`, { range: 'bytes=0-9', ...bearer(patient.token) })
    expect(locked.status).toBe(206)
    await locked.arrayBuffer()
  })

  it('also as a post’s video', async () => {
    const { keys } = await unitFiles()
    const post = await makePost({ language: 'en' })
    await patch(posts, post.id, { videos: [{ key: keys[0]! }] })
    const res = await get(`/media/${keys[0]}`)
    expect(res.status).toBe(200)
    await res.arrayBuffer()
  })

  it('also in the post’s body, as an <audio> the allowlist kept', async () => {
    const { keys } = await unitFiles()
    const post = await makePost({ language: 'en' })
    await patch(posts, post.id, {
      content: `<p>Listen:</p><audio src="/media/${keys[1]}" controls preload="metadata"></audio>`,
    })
    const res = await get(`/media/${keys[1]}`)
    expect(res.status).toBe(200)
    await res.arrayBuffer()
    // Named in the text only, not embedded: nothing opens.
    const { keys: other } = await unitFiles()
    const text = await makePost()
    await patch(posts, text.id, { content: `<p>units/${other[0]} /media/${other[0]}</p>` })
    expect((await get(`/media/${other[0]}`)).status).toBe(401)
  })

  it('opens nothing else: the unit’s other files, its transcripts, and posts nobody may read', async () => {
    const { keys } = await unitFiles()
    const [first, second] = keys as [string, string]
    const post = await makePost()
    await patch(posts, post.id, { audios: [{ key: first }] })
    // The route's other unit, and the embedded unit's transcript, stay the unit's.
    expect((await get(`/media/${second}`)).status).toBe(401)
    await env.MEDIA.put(first.replace(/\.mp3$/, '.es.vtt'), 'WEBVTT\n')
    expect((await get(`/media/${first.replace(/\.mp3$/, '.es.vtt')}`)).status).toBe(401)

    // Hidden, deleted, or not yet published: nobody reads it, so it opens nothing.
    for (const spec of [
      { status: 2 },
      { deletedAt: new Date('2025-06-01T00:00:00Z') },
      { publishedAt: new Date(Date.now() + 86_400_000) },
    ]) {
      const { keys: more } = await unitFiles()
      const unread = await makePost(spec)
      await patch(posts, unread.id, { audios: [{ key: more[0]! }] })
      const res = await get(`/media/${more[0]}`)
      expect(res.status, JSON.stringify(spec)).toBe(401)
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('the demo article’s audio plays for a visitor, in Spanish and English', async () => {
    await seed(getDb(env.DB), {
      hashPassword: async (p) => `test$${p.length}`,
      only: { routes: true, posts: true, plans: false, users: false },
      async putMedia(key) {
        await env.MEDIA.put(key, AUDIO)
        return AUDIO.length
      },
    })
    for (const key of ['units/es-sleep-1.mp3', 'units/en-sleep-1.mp3']) {
      const res = await get(`/media/${key}`, { range: 'bytes=0-99' })
      expect(res.status, key).toBe(206)
      await res.arrayBuffer()
    }
    // The same route's second unit is not in any post: still the unit's.
    expect((await get('/media/units/es-sleep-2.mp3')).status).toBe(401)
  })
})
