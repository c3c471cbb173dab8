import { Hono } from 'hono'
import type { AppEnv } from '../../env'

/**
 * Unit audio/video and covers from R2 (DESIGN §1), with Range so a player can seek and a
 * phone on a slow connection streams instead of downloading the whole file.
 * Media is public content; who may *play* a unit is decided by the unit calls.
 */
export const mediaRoutes = new Hono<AppEnv>().get('/:key{.+}', async (c) => {
  const key = c.req.param('key')
  if (key.includes('..')) return c.notFound()
  const range = c.req.header('range')
  const obj = await c.env.MEDIA.get(key, range ? { range: c.req.raw.headers } : undefined)
  if (!obj) return c.text('Not found', 404)
  const headers = new Headers()
  obj.writeHttpMetadata(headers)
  headers.set('etag', obj.httpEtag)
  headers.set('accept-ranges', 'bytes')
  headers.set('cache-control', 'public, max-age=86400')
  if (!headers.has('content-type')) headers.set('content-type', key.endsWith('.mp3') ? 'audio/mpeg' : 'application/octet-stream')
  const body = (obj as R2ObjectBody).body
  if (range && obj.range && 'offset' in obj.range) {
    const offset = obj.range.offset ?? 0
    const length = obj.range.length ?? obj.size - offset
    headers.set('content-range', `bytes ${offset}-${offset + length - 1}/${obj.size}`)
    headers.set('content-length', String(length))
    return new Response(body, { status: 206, headers })
  }
  headers.set('content-length', String(obj.size))
  return new Response(body, { status: 200, headers })
})
