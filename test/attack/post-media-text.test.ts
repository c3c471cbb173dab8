// Attack on issue 42 §1 (decision 064): a unit's file opens for anyone only when a published post
// EMBEDS it (an <audio>, <video> or <source>, or the post's audios/videos). The body check looked
// for the bare text `src="/media/<key>"` anywhere in the stored HTML, and the allowlist keeps a
// `"` of the text as it is: a post that only *mentions* that string (a how-to, a <pre> block) or
// shows it as a picture's address opened a locked unit's file to every visitor.
import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { posts, units } from '#worker/db/schema'
import { makePost, makeRoute, patch } from '../factories'
import { AUDIO } from '../playback/support'

const get = (path: string) => (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`)

let n = 0
/** The locked (second) unit's file of a new two-unit route, in R2. */
async function lockedFile() {
  const route = await makeRoute({ units: 2 })
  const key = `units/attack-text-${++n}.mp3`
  await patch(units, route.units[1]!.id, { mediaKey: key })
  await env.MEDIA.put(key, AUDIO, { httpMetadata: { contentType: 'audio/mpeg' } })
  return key
}

describe('attack: a locked unit file named in a post without being embedded', () => {
  it('stays locked when the body only mentions src="/media/<key>" as text', async () => {
    const key = await lockedFile()
    const post = await makePost()
    await patch(posts, post.id, {
      content: `<p>Write src="/media/${key}" in the player.</p><pre>src="/media/${key}"</pre>`,
    })
    const res = await get(`/media/${key}`)
    expect(res.status).toBe(401)
    await res.arrayBuffer()
  })

  it('stays locked when the body shows it as a picture, not as audio or video', async () => {
    const key = await lockedFile()
    const post = await makePost()
    await patch(posts, post.id, { content: `<p><img src="/media/${key}" alt="x" loading="lazy"></p>` })
    const res = await get(`/media/${key}`)
    expect(res.status).toBe(401)
    await res.arrayBuffer()
  })

  it('still opens when the body embeds it as an <audio> or a <source>', async () => {
    const a = await lockedFile()
    const b = await lockedFile()
    const post = await makePost()
    await patch(posts, post.id, {
      content: `<audio src="/media/${a}" controls preload="metadata"></audio><video controls><source src="/media/${b}" type="audio/mpeg"></video>`,
    })
    for (const key of [a, b]) {
      const res = await get(`/media/${key}`)
      expect(res.status).toBe(200)
      await res.arrayBuffer()
    }
  })
})
