// People and routes for the playback tests (CONVENTIONS 10: each test makes its own data).
import { env } from 'cloudflare:test'
import { Role } from '#shared/enums'
import { makeRoute, type RouteSpec } from '../factories'
import { api, json, userChanged } from '../helpers'
import { bearer, captcha, uniqueEmail } from '../users/support'

export { bearer }

export type Kind = 'free' | 'expired' | 'subscriber' | 'admin' | 'publisher' | 'psychologist'

export interface Someone {
  id: number
  token: string
  kind: Kind
}

let ip = 0
/**
 * A person through POST /v1/user (passwordless: no PBKDF2 to wait for), then made `kind`:
 * a new patient has 3 days of free access ('free'); 'expired' has it over; 'subscriber' has it
 * over but subscribes; the roles are set directly (no call lets a user do that).
 */
export async function someone(kind: Kind = 'free'): Promise<Someone> {
  const res = await api('/v1/user', {
    method: 'POST',
    locale: 'en',
    headers: { 'x-captcha-token': captcha(), 'cf-connecting-ip': `203.0.113.${++ip % 250}` },
    form: { email: uniqueEmail(`play-${kind}`), legal_age: '1' },
  })
  const body = await json(res)
  if (res.status !== 201) throw new Error(`register failed ${res.status} ${JSON.stringify(body)}`)
  const id = body.user.id as number
  const past = Date.now() - 60_000
  if (kind === 'expired') {
    await env.DB.prepare('UPDATE users SET free_access_until = ?1 WHERE id = ?2').bind(past, id).run()
    await userChanged(id)
  }
  if (kind === 'subscriber') {
    await env.DB.prepare('UPDATE users SET free_access_until = ?1, subscriber = 1 WHERE id = ?2').bind(past, id).run()
    await userChanged(id)
  }
  const role = { admin: Role.admin, publisher: Role.publisher, psychologist: Role.psychologist }[kind as 'admin']
  if (role) {
    await env.DB.prepare('UPDATE users SET role = ?1, free_access_until = ?2 WHERE id = ?3').bind(role, past, id).run()
    await userChanged(id)
  }
  return { id, token: body.user.token, kind }
}

/** 5000 bytes of "audio" (i % 251), enough for Range checks. */
export const AUDIO = new Uint8Array(5000).map((_, i) => i % 251)

let n = 0
/**
 * A route whose units each play their own file in R2 (`units/play-<n>-<i>.mp3`), visible
 * unless told otherwise. Returns the route and each unit's media key.
 */
export async function routeWithMedia(spec: RouteSpec & { units?: number } = {}) {
  const route = await makeRoute({ units: 3, ...spec })
  const keys: string[] = []
  const tag = ++n
  for (const [i, u] of route.units.entries()) {
    const key = `units/play-${tag}-${i + 1}.mp3`
    keys.push(key)
    await env.DB.prepare('UPDATE units SET media_key = ?1, duration_seconds = 300 WHERE id = ?2').bind(key, u.id).run()
    await env.MEDIA.put(key, AUDIO, { httpMetadata: { contentType: 'application/octet-stream' } })
  }
  return { ...route, keys }
}

export async function unitsOf(route: string | number, who?: { token: string } | null, locale = 'en') {
  const res = await api(`/v1/route/units?route=${encodeURIComponent(String(route))}`, {
    locale,
    headers: who ? bearer(who.token) : {},
  })
  return { res, body: await json(res) }
}

export async function save(who: { token: string } | null, form: Record<string, string | number>, locale = 'en') {
  const res = await api('/v1/unit/progress', {
    method: 'POST',
    locale,
    headers: who ? bearer(who.token) : {},
    form: Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])),
  })
  return { res, body: await json(res) }
}

export const locks = (body: Record<string, any>) => (body.units as { lock: string | null }[]).map((u) => u.lock)

export async function progressRow(userId: number, unitId: number) {
  return env.DB.prepare(
    'SELECT position_seconds AS position, completed_at FROM unit_progress WHERE user_id = ?1 AND unit_id = ?2',
  )
    .bind(userId, unitId)
    .first<{ position: number; completed_at: number | null }>()
}
