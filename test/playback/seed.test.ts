// The demo transcripts (issue 6 §5): WebVTT files in both languages for a few seeded units,
// stored next to their audio, listed by the unit call and served as text/vtt.
import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { getDb } from '#worker/db/client'
import { content, seed } from '#worker/seed/seed'
import { unitsOf, someone } from './support'

const files = import.meta.glob<string>('../../seed/media/*.vtt', { query: '?raw', import: 'default', eager: true })
const byName = Object.fromEntries(Object.entries(files).map(([path, text]) => [path.split('/').pop()!, text]))
const get = (path: string) => (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`)

describe('seeded transcripts', () => {
  it('has every transcript the seed lists, as WebVTT, and no other', () => {
    expect(Object.keys(byName).sort()).toEqual([...content.transcriptFiles].sort())
    expect(content.transcriptFiles.length).toBeGreaterThanOrEqual(12)
    for (const [name, text] of Object.entries(byName)) {
      expect(text.startsWith('WEBVTT'), name).toBe(true)
      expect(text, name).toMatch(/\n\d\d:\d\d\.\d{3} --> \d\d:\d\d\.\d{3}\n\S/)
      // Each audio file the transcript belongs to is a seeded unit's.
      expect(content.unitAudioFiles, name).toContain(name.replace(/\.(es|en)\.vtt$/, '.mp3'))
    }
  })

  it('stores them next to the audio, and the unit call lists both languages', async () => {
    const stored: string[] = []
    await seed(getDb(env.DB), {
      hashPassword: async (p) => `test$${p.length}`,
      only: { routes: true, posts: false, plans: false, users: false },
      async putMedia(key, file) {
        stored.push(key)
        const bytes = file.endsWith('.vtt') ? byName[file]! : new Uint8Array(64)
        await env.MEDIA.put(key, bytes)
        return typeof bytes === 'string' ? bytes.length : bytes.byteLength
      },
    })
    expect(stored).toContain('units/es-breathing-1.es.vtt')
    expect(stored).toContain('units/en-breathing-1.es.vtt')
    const me = await someone('free')
    const { body } = await unitsOf('respiracion-para-calmar-la-ansiedad', me, 'es')
    const first = body.units[0]
    expect(first.title).toBeTruthy()
    expect(first.media.transcripts.map((t: any) => t.language)).toEqual(['es', 'en'])
    const res = await get(first.media.transcripts[0].url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8')
    expect(await res.text()).toBe(byName['es-breathing-1.es.vtt'])
  })
})
