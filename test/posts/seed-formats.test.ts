// Issue 34 §5: the demo has an article with an audio version, so the format bar of SPEC §2
// (article, audio) shows on it, in both languages, and plays a file the seed stores.
import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { getDb } from '#worker/db/client'
import { seed } from '#worker/seed/seed'

const get = (path: string) => (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`)

describe('the demo article read aloud', () => {
  it('shows the format bar with its audio, in Spanish and English', async () => {
    const stored: string[] = []
    await seed(getDb(env.DB), {
      hashPassword: async (p) => `test$${p.length}`,
      only: { routes: true, posts: true, plans: false, users: false },
      async putMedia(key) {
        stored.push(key)
        await env.MEDIA.put(key, new Uint8Array(64))
        return 64
      },
    })
    for (const [path, key] of [
      ['/post/tu-plan-para-dormir-mejor-en-7-noches', 'units/es-sleep-1.mp3'],
      ['/en/post/a-7-night-plan-for-better-sleep', 'units/en-sleep-1.mp3'],
    ] as const) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      const html = await res.text()
      expect(html, path).toContain('class="format-bar"')
      expect(html, path).toContain('data-testid="format-audio"')
      expect(html, path).toContain(`"key":"${key}"`)
      expect(stored).toContain(key)
    }
    // The 4-7-8 article shown as a video, in both languages: the bar offers the video.
    for (const path of ['/post/la-respiracion-4-7-8-paso-a-paso', '/en/post/4-7-8-breathing-step-by-step']) {
      const html = await (await get(path)).text()
      expect(html, path).toContain('class="format-bar"')
      expect(html, path).toContain('data-testid="format-video"')
      expect(html, path).toContain('"key":"units/breathing-4-7-8.mp4"')
    }
    expect(stored).toContain('units/breathing-4-7-8.mp4')
    // An article without audio or video has no bar.
    const plain = await (await get('/post/test-de-ansiedad-preguntas-para-conocerte-mejor')).text()
    expect(plain).not.toContain('class="format-bar"')
  })
})
