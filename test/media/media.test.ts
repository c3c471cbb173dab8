import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseRange } from '#worker/features/media/serve'

const get = (path: string, headers: Record<string, string> = {}) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, { headers })
const bytes = new Uint8Array(5000).map((_, i) => i % 251)

beforeAll(async () => {
  await env.MEDIA.put('units/range.mp3', bytes, { httpMetadata: { contentType: 'audio/mpeg' } })
})

// issue 14 §4: media never 500s; Range is read as RFC 9110 says.
describe('GET /media', () => {
  it('answers 404, never 500, for keys R2 would refuse or we never write', async () => {
    for (const key of [
      'a'.repeat(1100),
      'units/%00x.mp3',
      'units/../secret',
      'units/a b.mp3',
      '%2Fetc',
      'units/ü.mp3',
    ]) {
      const res = await get(`/media/${key}`)
      expect(res.status, key.slice(0, 40)).toBe(404)
    }
  })

  it('serves ranges, suffix ranges and open ranges with the right Content-Range', async () => {
    const part = await get('/media/units/range.mp3', { range: 'bytes=100-199' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe('bytes 100-199/5000')
    expect(new Uint8Array(await part.arrayBuffer())[0]).toBe(100)
    const tail = await get('/media/units/range.mp3', { range: 'bytes=-10' })
    expect(tail.headers.get('content-range')).toBe('bytes 4990-4999/5000')
    expect((await tail.arrayBuffer()).byteLength).toBe(10)
    const open = await get('/media/units/range.mp3', { range: 'bytes=4000-' })
    expect(open.headers.get('content-range')).toBe('bytes 4000-4999/5000')
    const past = await get('/media/units/range.mp3', { range: 'bytes=4990-9999' })
    expect(past.headers.get('content-range')).toBe('bytes 4990-4999/5000')
  })

  it('answers 416 with bytes */size for a range past the end', async () => {
    const res = await get('/media/units/range.mp3', { range: 'bytes=6000-7000' })
    expect(res.status).toBe(416)
    expect(res.headers.get('content-range')).toBe('bytes */5000')
  })

  it('answers the whole file (200) for a malformed or multiple Range', async () => {
    for (const range of ['bytes=abc', 'bytes=10-5', 'items=0-10', 'bytes=0-1,5-9', 'bytes=-']) {
      const res = await get('/media/units/range.mp3', { range })
      expect(res.status, range).toBe(200)
      expect((await res.arrayBuffer()).byteLength, range).toBe(5000)
    }
  })

  it('honours If-Range: a range for the same file, the whole file when it changed', async () => {
    const first = await get('/media/units/range.mp3')
    const etag = first.headers.get('etag')!
    await first.arrayBuffer()
    const same = await get('/media/units/range.mp3', { range: 'bytes=0-9', 'if-range': etag })
    expect(same.status).toBe(206)
    await same.arrayBuffer()
    const changed = await get('/media/units/range.mp3', { range: 'bytes=0-9', 'if-range': '"another-version"' })
    expect(changed.status).toBe(200)
    expect((await changed.arrayBuffer()).byteLength).toBe(5000)
  })

  it('parses ranges as the RFC says', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ offset: 0, length: 1 })
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable')
    expect(parseRange('bytes=-20', 10)).toEqual({ offset: 0, length: 10 })
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable')
    expect(parseRange('bytes=1e3-', 10)).toBeNull()
  })
})
