import { Hono } from 'hono'
import type { AppEnv } from '#worker/env'

/**
 * Unit audio/video and covers from R2 (DESIGN §1), with Range so a player can seek and a
 * phone on a slow connection streams instead of downloading the whole file.
 * Media is public content; who may *play* a unit is decided by the unit calls.
 */

/** R2 keys we write: letters, digits, '.', '_', '-' and '/' segments, at most 512 bytes. */
const KEY = /^(?!.*\.\.)(?!\/)[A-Za-z0-9._\-/]{1,512}$/

export type ByteRange = { offset: number; length: number }

/**
 * One `Range: bytes=…` against a file of `size` bytes (RFC 9110 §14): a range, 'unsatisfiable'
 * (→ 416), or null when the header is absent, malformed or asks for several ranges (→ the whole
 * file, as the RFC lets a server ignore a Range it does not support).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return null
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0) return 'unsatisfiable'
    const length = Math.min(suffix, size)
    return size === 0 ? 'unsatisfiable' : { offset: size - length, length }
  }
  const start = Number(m[1])
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  if (m[2] !== '' && Number(m[2]) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { offset: start, length: end - start + 1 }
}

export const mediaRoutes = new Hono<AppEnv>().get('/:key{.+}', async (c) => {
  const key = c.req.param('key')
  // Validated before R2 sees it: an odd or oversized key is simply not found (never a 500).
  if (!KEY.test(key)) return c.text('Not found', 404)
  const head = await c.env.MEDIA.head(key)
  if (!head) return c.text('Not found', 404)

  const headers = new Headers()
  head.writeHttpMetadata(headers)
  headers.set('etag', head.httpEtag)
  headers.set('accept-ranges', 'bytes')
  headers.set('cache-control', 'public, max-age=86400')
  if (!headers.has('content-type')) headers.set('content-type', key.endsWith('.mp3') ? 'audio/mpeg' : 'application/octet-stream')
  headers.set('last-modified', head.uploaded.toUTCString())

  // If-Range: a range only while the file is the one the client started with.
  const ifRange = c.req.header('if-range')
  const sameFile = !ifRange || ifRange === head.httpEtag || (!ifRange.startsWith('"') && !ifRange.startsWith('W/') && Date.parse(ifRange) >= Math.floor(head.uploaded.getTime() / 1000) * 1000)
  const range = sameFile ? parseRange(c.req.header('range'), head.size) : null
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${head.size}`)
    return new Response(null, { status: 416, headers })
  }
  const obj = await c.env.MEDIA.get(key, range ? { range } : undefined)
  if (!obj) return c.text('Not found', 404)
  if (range) {
    headers.set('content-range', `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`)
    headers.set('content-length', String(range.length))
    return new Response(obj.body, { status: 206, headers })
  }
  headers.set('content-length', String(head.size))
  return new Response(obj.body, { status: 200, headers })
})
