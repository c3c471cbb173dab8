// What the admin tests share: people of each role, a call helper, small files of known bytes.
import { env } from 'cloudflare:test'
import { trackingEvents } from '#worker/db/schema'
import { givenRows, unique } from '../factories'
import { api, json } from '../helpers'
import { bearer, register, setRole } from '../users/support'

export const ROLE = { patient: 1, psychologist: 2, admin: 4, publisher: 8 } as const

export async function people() {
  const [a, p, u] = await Promise.all([register(), register(), register()])
  await Promise.all([setRole(a.id, ROLE.admin), setRole(p.id, ROLE.publisher)])
  return { admin: a, publisher: p, patient: u }
}

export const send = (
  method: string,
  path: string,
  token: string | null,
  form: Record<string, string> = {},
  locale = 'en',
) =>
  api(method === 'GET' && Object.keys(form).length ? `${path}?${new URLSearchParams(form)}` : path, {
    method,
    locale,
    headers: token ? bearer(token) : {},
    ...(method === 'GET' ? {} : { form }),
  })

/** A PNG header of w×h (enough for the ratio check: the IHDR chunk). */
export function png(w: number, h: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(64)
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  new DataView(b.buffer).setUint32(16, w)
  new DataView(b.buffer).setUint32(20, h)
  return b
}

/** An MP3's first bytes (an ID3 tag), padded to `size`. */
export function mp3(size = 2048): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(size)
  b.set([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0])
  return b
}

/** Upload `bytes` as `filename` with `tag` through the three calls; the last answer. */
export async function upload(
  token: string,
  tag: string,
  filename: string,
  bytes: Uint8Array<ArrayBuffer>,
  locale = 'en',
) {
  const startRes = await send('POST', '/v1/file/upload', token, { tag, filename, size: String(bytes.length) }, locale)
  if (startRes.status !== 200) return { status: startRes.status, body: await json(startRes), stage: 'start' as const }
  const { upload: u } = await json(startRes)
  const fd = new FormData()
  fd.append('key', u.key)
  fd.append('upload_id', u.upload_id)
  fd.append('part_number', '1')
  fd.append('chunk', new File([bytes], filename))
  const partRes = await api('/v1/file/upload/part', { method: 'POST', locale, headers: bearer(token), body: fd })
  if (partRes.status !== 200) return { status: partRes.status, body: await json(partRes), stage: 'part' as const }
  const { part } = await json(partRes)
  const done = await send(
    'POST',
    '/v1/file/upload/complete',
    token,
    { key: u.key, upload_id: u.upload_id, parts: `1:${part.etag}`, title: filename },
    locale,
  )
  return { status: done.status, body: await json(done), stage: 'complete' as const, key: u.key as string }
}

export const auditRows = (entity: string, id: number) =>
  env.DB.prepare('SELECT * FROM audit_log WHERE entity = ? AND entity_id = ? ORDER BY id')
    .bind(entity, id)
    .all<Record<string, any>>()
    .then((r) => r.results)

/** Two usage events of a new event name, on /routes and /blog in one visit: the name. */
export async function usageEvents() {
  const event = unique('evt')
  await givenRows(
    trackingEvents,
    { sessionId: 's1', event, page: '/routes', params: {} },
    { sessionId: 's1', event, page: '/blog', params: {} },
  )
  return event
}
