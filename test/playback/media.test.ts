// /media for units (issue 6 §5-§6; docs/decisions/017-who-may-play.md): a unit's audio, video
// and transcripts only to someone who may play the unit (a signed URL from GET
// /v1/route/units, or their session), covers to anyone; ETag/304, types and cache headers.
import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { grantExpiry, signedMediaUrl, validGrant } from '#worker/features/playback/media-grant'
import { clearMemo } from '#worker/http/memo'
import { units } from '#worker/db/schema'
import { makeRoute, patch } from '../factories'
import { AUDIO, bearer, routeWithMedia, save, someone, unitsOf } from './support'

const get = (path: string, headers: Record<string, string> = {}) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, { headers })

describe('unit media under /media', () => {
  it('serves Range: bytes=0-1023 as 206 with 1024 bytes to someone who may play it (signed URL, no session lookup)', async () => {
    const route = await routeWithMedia({ units: 2 })
    const me = await someone('free')
    const url = (await unitsOf(route.id, me)).body.units[0].media.url as string
    const kvGet = vi.spyOn(env.KV, 'get')
    const res = await get(url, { range: 'bytes=0-1023' })
    expect(res.status).toBe(206)
    const body = new Uint8Array(await res.arrayBuffer())
    expect(body.length).toBe(1024)
    expect(body[1000]).toBe(AUDIO[1000])
    expect(res.headers.get('content-range')).toBe('bytes 0-1023/5000')
    // The extension decides the type, whatever the upload stored (octet-stream here).
    expect(res.headers.get('content-type')).toBe('audio/mpeg')
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600')
    expect(res.headers.get('etag')).toMatch(/^"/)
    expect(kvGet).not.toHaveBeenCalled()
  })

  it('serves the same file through the session when there is no signed URL (bearer or cookie clients)', async () => {
    const route = await routeWithMedia({ units: 1 })
    const me = await someone('free')
    const res = await get(`/media/${route.keys[0]}`, { range: 'bytes=0-1023', ...bearer(me.token) })
    expect(res.status).toBe(206)
    expect((await res.arrayBuffer()).byteLength).toBe(1024)
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600')
  })

  it('refuses a visitor 401, and someone who may not play the unit 403', async () => {
    const route = await routeWithMedia({ units: 2 })
    const visitor = await get(`/media/${route.keys[0]}`, { range: 'bytes=0-1023' })
    expect(visitor.status).toBe(401)
    expect(visitor.headers.get('cache-control')).toBe('no-store')
    expect(await visitor.text()).toBe('Unauthenticated.')

    // Locked by the unit before it.
    const free = await someone('free')
    const locked = await get(`/media/${route.keys[1]}`, { range: 'bytes=0-1023', ...bearer(free.token) })
    expect(locked.status).toBe(403)
    await locked.arrayBuffer()
    // Free access over: the trial unit plays, the next one does not, even once the first is done.
    const expired = await someone('expired')
    await save(expired, { unit_id: route.units[0]!.id, position: 300, completed: 1 })
    expect((await get(`/media/${route.keys[0]}`, { range: 'bytes=0-1023', ...bearer(expired.token) })).status).toBe(206)
    const refused = await get(`/media/${route.keys[1]}`, { range: 'bytes=0-1023', ...bearer(expired.token) })
    expect(refused.status).toBe(403)
    expect(await refused.text()).toBe('no tienes privilegios para reproducir esto') // /media speaks the default language
    // Once allowed (the first unit completed), the same person is served.
    await save(free, { unit_id: route.units[0]!.id, position: 300, completed: 1 })
    expect((await get(`/media/${route.keys[1]}`, { range: 'bytes=0-1023', ...bearer(free.token) })).status).toBe(206)
  })

  it('does not take a signature for another file, an expired one, or one from the far future', async () => {
    const route = await routeWithMedia({ units: 2 })
    const me = await someone('free')
    const url = new URL((await unitsOf(route.id, me)).body.units[0].media.url, 'http://localhost')
    const q = url.searchParams
    expect((await get(`/media/${route.keys[1]}?exp=${q.get('exp')}&sig=${q.get('sig')}`)).status).toBe(401)
    const past = grantExpiry(Date.now() - 4 * 3600_000)
    const stale = new URL(await signedMediaUrl(env, route.keys[0]!, past), 'http://localhost')
    expect((await get(stale.pathname + stale.search)).status).toBe(401)
    const far = grantExpiry(Date.now() + 30 * 24 * 3600_000)
    expect(
      await validGrant(
        env,
        route.keys[0]!,
        String(far),
        new URL(await signedMediaUrl(env, route.keys[0]!, far), 'http://x').searchParams.get('sig')!,
      ),
    ).toBe(false)
    for (const bad of [
      '?exp=abc&sig=x',
      '?exp=&sig=',
      `?exp=${q.get('exp')}&sig=${'A'.repeat(43)}`,
      `?exp=${q.get('exp')}`,
    ]) {
      expect((await get(`/media/${route.keys[0]}${bad}`)).status, bad).toBe(401)
    }
    // An expired signature is not needed by a browser that has its session: the session serves it.
    expect((await get(stale.pathname + stale.search, bearer(me.token))).status).toBe(200)
  })

  // signedMediaUrl keeps what it signed per expiry and secret (issue 21): a kept URL must be the
  // one signing gives, and never one made for another expiry or under another secret.
  it('hands out the signed URL it kept only for the same key, expiry and secret', async () => {
    const exp = grantExpiry()
    const key = 'units/kept.mp3'
    const sigOf = (url: string) => new URL(url, 'http://x').searchParams.get('sig')!
    const first = await signedMediaUrl(env, key, exp)
    expect(await signedMediaUrl(env, key, exp)).toBe(first)
    expect(await validGrant(env, key, String(exp), sigOf(first))).toBe(true)
    const other = await signedMediaUrl(env, 'units/other.mp3', exp)
    expect(sigOf(other)).not.toBe(sigOf(first))
    const later = await signedMediaUrl(env, key, exp + 3600)
    expect(later).toContain(`exp=${exp + 3600}`)
    expect(sigOf(later)).not.toBe(sigOf(first))
    // Another secret (a rotated SESSION_PEPPER): signed afresh, and only valid under it.
    const rotated = { ...env, SESSION_PEPPER: 'another-pepper-of-at-least-32-characters' }
    const underRotated = await signedMediaUrl(rotated, key, exp)
    expect(sigOf(underRotated)).not.toBe(sigOf(first))
    expect(await validGrant(rotated, key, String(exp), sigOf(underRotated))).toBe(true)
    expect(await validGrant(env, key, String(exp), sigOf(underRotated))).toBe(false)
    expect(await signedMediaUrl(env, key, exp)).toBe(first)
  })

  it('keeps a hidden unit’s file from everyone but refuses no one with a 500', async () => {
    const route = await makeRoute({ units: [{ title: 'Oculta', status: 2 }] })
    await patch(units, route.units[0]!.id, { mediaKey: 'units/hidden-only.mp3' })
    await env.MEDIA.put('units/hidden-only.mp3', AUDIO)
    expect((await get('/media/units/hidden-only.mp3')).status).toBe(401)
    expect((await get('/media/units/hidden-only.mp3', bearer((await someone('admin')).token))).status).toBe(403)
  })

  it('answers 304 to If-None-Match (and If-Modified-Since) with the ETag, for unit media and covers', async () => {
    const route = await routeWithMedia({ units: 1 })
    const me = await someone('free')
    const url = (await unitsOf(route.id, me)).body.units[0].media.url as string
    const first = await get(url)
    const etag = first.headers.get('etag')!
    await first.arrayBuffer()
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get(url, { 'if-none-match': inm })
      expect(again.status, inm).toBe(304)
      expect(again.headers.get('etag')).toBe(etag)
      expect(again.headers.get('cache-control')).toBe('private, max-age=3600')
      expect(await again.text()).toBe('')
    }
    const changed = await get(url, { 'if-none-match': '"something-else"' })
    expect(changed.status).toBe(200)
    await changed.arrayBuffer()
    // The 304 never skips the check: a visitor asking with the right ETag is still refused.
    expect((await get(`/media/${route.keys[0]}`, { 'if-none-match': etag })).status).toBe(401)

    await env.MEDIA.put('covers/route-calma.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))
    const cover = await get('/media/covers/route-calma.jpg')
    const coverTag = cover.headers.get('etag')!
    await cover.arrayBuffer()
    expect((await get('/media/covers/route-calma.jpg', { 'if-none-match': coverTag })).status).toBe(304)
    const since = await get('/media/covers/route-calma.jpg', {
      'if-modified-since': new Date(Date.now() + 60_000).toUTCString(),
    })
    expect(since.status).toBe(304)
    const older = await get('/media/covers/route-calma.jpg', {
      'if-modified-since': new Date(Date.now() - 86400_000).toUTCString(),
    })
    expect(older.status).toBe(200)
    await older.arrayBuffer()
  })

  it('serves covers to anyone, cached publicly and long, without a session lookup', async () => {
    await env.MEDIA.put('covers/public-cover.webp', new Uint8Array([1, 2, 3, 4]))
    const route = await makeRoute({ units: 1, images: { cover: 'covers/public-cover.webp' } })
    await patch(units, route.units[0]!.id, { coverKey: 'covers/public-cover.webp' })
    const kvGet = vi.spyOn(env.KV, 'get')
    const res = await get('/media/covers/public-cover.webp', { authorization: `Bearer ${'a'.repeat(43)}` })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toBe('public, max-age=2592000')
    expect((await res.arrayBuffer()).byteLength).toBe(4)
    expect(kvGet).not.toHaveBeenCalled()
    kvGet.mockRestore()
    const head = await (exports as unknown as { default: Fetcher }).default.fetch(
      'http://localhost/media/covers/public-cover.webp',
      { method: 'HEAD' },
    )
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBeTruthy()
    // The unit shows its cover as a public path.
    const { body } = await unitsOf(route.id, null)
    expect(body.units[0].cover).toBe('/media/covers/public-cover.webp')
  })

  it('serves a unit’s WebVTT transcripts as text/vtt, to those who may play the unit only', async () => {
    const route = await routeWithMedia({ units: 2 })
    const base = route.keys[1]!.replace(/\.mp3$/, '')
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.500\nRespira.\n'
    await env.MEDIA.put(`${base}.es.vtt`, vtt)
    await env.MEDIA.put(`${base}.en.vtt`, vtt.replace('Respira.', 'Breathe.'))
    clearMemo()
    const me = await someone('free')
    // Locked unit: no media at all, so no transcript URL; its file is refused.
    expect((await unitsOf(route.id, me)).body.units[1].media).toBeNull()
    expect((await get(`/media/${base}.es.vtt`, bearer(me.token))).status).toBe(403)
    expect((await get(`/media/${base}.es.vtt`)).status).toBe(401)

    const done = await save(me, { unit_id: route.units[0]!.id, position: 300, completed: 1 })
    const transcripts = done.body.units[1].media.transcripts as { language: string; url: string }[]
    expect(transcripts.map((t) => t.language)).toEqual(['es', 'en'])
    for (const t of transcripts) {
      const res = await get(t.url)
      expect(res.status, t.language).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8')
      expect(res.headers.get('cache-control')).toBe('private, max-age=3600')
      expect(await res.text()).toContain(t.language === 'es' ? 'Respira.' : 'Breathe.')
    }
  })

  it('gives a video unit its video type, in the call and on the file', async () => {
    const route = await makeRoute({ units: 1 })
    await patch(units, route.units[0]!.id, { kind: 'video', mediaKey: 'units/clip-video.mp4' })
    await env.MEDIA.put('units/clip-video.mp4', AUDIO)
    const { body } = await unitsOf(route.id, await someone('free'))
    expect(body.units[0]).toMatchObject({ kind: 'video', media: { content_type: 'video/mp4' } })
    const res = await get(body.units[0].media.url, { range: 'bytes=0-1023' })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-type')).toBe('video/mp4')
    await res.arrayBuffer()
  })
})
