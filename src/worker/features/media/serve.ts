import { ctxOf } from '#worker/context'
import type { Context } from 'hono'
import type { AppEnv } from '#worker/env'
import { validGrant } from '#worker/features/playback/media-grant'
import { mayPlayAny, unitsOfMediaKey } from '#worker/features/playback/playback.service'
import { embeddedInPublishedPost } from '#worker/features/posts/posts.service'
import { sessionCaller } from '#worker/identity/caller'
import { contentTypeOf, isImage } from '#worker/lib/media-types'

/**
 * Unit audio/video, their transcripts and covers from R2 (DESIGN §1), with Range so a player
 * can seek and a phone on a slow connection streams instead of downloading the whole file.
 *
 * Who may read what (docs/decisions/017-who-may-play.md): a file that is some unit's media, or
 * a transcript of it (`<media without extension>.<es|en>.vtt`), only a person who may play
 * that unit: with the signed URL GET /v1/route/units gave them (checked by HMAC alone, no
 * session lookup), or else through their session (cookie or bearer): 401 for a visitor, 403 for
 * someone who may not play it. A unit's file that a published post embeds plays for anyone, as
 * the post reads for anyone (issue 42 §1). Every other file (covers, post media) is public. Answers carry
 * an ETag (If-None-Match / If-Modified-Since → 304) and the type of the file's extension.
 */

/** Unit media: only this browser may keep it, an hour (its signed URL changes every hour). */
const PRIVATE_CACHE = 'private, max-age=3600'
/** Covers and other pictures: 30 days in any cache; a new picture is uploaded under a new key. */
const IMAGE_CACHE = 'public, max-age=2592000'
/** Other public media (post audio): a day. */
const PUBLIC_CACHE = 'public, max-age=86400'

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

/** Whether a conditional request may be answered 304 (RFC 9110 §13.1.2, §13.1.3: weak comparison). */
function notModified(c: Context<AppEnv>, etag: string, uploaded: Date): boolean {
  const inm = c.req.header('if-none-match')
  if (inm !== undefined) {
    const bare = (tag: string) => tag.trim().replace(/^W\//, '')
    return inm.trim() === '*' || inm.split(',').some((tag) => bare(tag) === bare(etag))
  }
  const ims = c.req.header('if-modified-since')
  return !!ims && Date.parse(ims) >= Math.floor(uploaded.getTime() / 1000) * 1000
}

const refusal = (c: Context<AppEnv>, status: 401 | 403 | 503) =>
  c.text(
    c.var.t(status === 401 ? 'errors.unauthenticated' : status === 403 ? 'errors.no_privileges' : 'errors.generic'),
    status,
    { 'cache-control': 'no-store' },
  )

/** 'public', 'private' (a unit's file the caller may play), or the refusal to send. */
async function accessTo(c: Context<AppEnv>, key: string): Promise<'public' | 'private' | Response> {
  if (await validGrant(c.env, key, c.req.query('exp'), c.req.query('sig'))) return 'private'
  let units: Awaited<ReturnType<typeof unitsOfMediaKey>>
  try {
    units = await unitsOfMediaKey(c.var.db, key)
  } catch (err) {
    // Unknown whether it is a unit's file: refuse rather than serve it to anyone.
    console.warn(`[${c.get('requestId')}] media guard lookup failed:`, err instanceof Error ? err.message : err)
    return refusal(c, 503)
  }
  if (!units.length) return 'public'
  // A unit's file embedded in a published post is the post's to show: whoever may read the post
  // (a visitor too) plays it, nothing else of the unit opens (issue 42 §1, decision 064).
  try {
    if (await embeddedInPublishedPost(c.var.db, key)) return 'private'
  } catch (err) {
    console.warn(`[${c.get('requestId')}] post media lookup failed:`, err instanceof Error ? err.message : err)
  }
  // Only here, for a unit's file without a valid signed URL, is the session looked up: as every
  // call does it, a copy that says staff confirmed against D1's primary (an editor plays units
  // out of order; a role removed stops at once), a patient's copy as KV has it.
  let user: Awaited<ReturnType<typeof sessionCaller>>
  try {
    user = await sessionCaller(c)
  } catch (err) {
    console.warn(`[${c.get('requestId')}] session lookup failed for media:`, err instanceof Error ? err.message : err)
    return refusal(c, 503)
  }
  if (!user) return refusal(c, 401)
  return (await mayPlayAny({ ...ctxOf(c), user }, units)) ? 'private' : refusal(c, 403)
}

/** GET /media/<key>: the file, its range, or why not. */
export async function serveMedia(c: Context<AppEnv>): Promise<Response> {
  const key = c.req.param('key') ?? ''
  // Validated before R2 sees it: an odd or oversized key is simply not found (never a 500).
  if (!KEY.test(key)) return c.text('Not found', 404)
  const access = await accessTo(c, key)
  if (access instanceof Response) return access
  const head = await c.env.MEDIA.head(key)
  if (!head) return c.text('Not found', 404, { 'cache-control': 'no-store' })

  const headers = new Headers()
  head.writeHttpMetadata(headers)
  headers.set('etag', head.httpEtag)
  headers.set('accept-ranges', 'bytes')
  headers.set('cache-control', access === 'private' ? PRIVATE_CACHE : isImage(key) ? IMAGE_CACHE : PUBLIC_CACHE)
  // The extension decides (an upload may have stored anything); R2's stored type otherwise.
  headers.set('content-type', contentTypeOf(key) ?? headers.get('content-type') ?? 'application/octet-stream')
  headers.set('last-modified', head.uploaded.toUTCString())

  if (notModified(c, head.httpEtag, head.uploaded)) {
    const kept = new Headers()
    for (const name of ['etag', 'cache-control', 'last-modified', 'accept-ranges']) kept.set(name, headers.get(name)!)
    return new Response(null, { status: 304, headers: kept })
  }

  // If-Range: a range only while the file is the one the client started with.
  const ifRange = c.req.header('if-range')
  const sameFile =
    !ifRange ||
    ifRange === head.httpEtag ||
    (!ifRange.startsWith('"') &&
      !ifRange.startsWith('W/') &&
      Date.parse(ifRange) >= Math.floor(head.uploaded.getTime() / 1000) * 1000)
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
}
