// The caller's devices (issue 34 §1; docs/API.md "Reminders on this device").
import type { ListedDevice, PushDevice } from '#shared/contract/push'
import type { Ctx } from '#worker/context'
import { AppError } from '#worker/http/errors'
import { deviceLabel, labelParts } from './device-label'
import { isP256Point, pushEndpoint } from './hosts'
import * as repo from './subscriptions.repo'
import { sessionKey } from '#worker/identity/records'

/** GET /v1/push/key: the VAPID public key the browser subscribes with. */
export function publicKey(ctx: Ctx) {
  if (!ctx.env.VAPID_PUBLIC_KEY) throw new AppError('unavailable', { message: 'push.errors.unavailable' })
  return { public_key: ctx.env.VAPID_PUBLIC_KEY }
}

const deviceDto = (d: repo.DeviceRow): PushDevice => ({
  endpoint: d.endpoint,
  quiet_hours: d.quiet_hours,
  created_at: new Date(d.created_at).toISOString(),
})

/** The session a device is saved under: it ends with it, by whatever path (decision 060). */
export interface SavingSession {
  hash: string | null
  expiresAt: number | null
  userAgent: string | undefined
}

/**
 * POST /v1/push/subscription: saves this browser's subscription for the caller, in their
 * language and the browser's zone, tied to the session that saved it (it ends with that
 * session). `created`: the caller had no device with this endpoint (a browser another person
 * used here is the caller's now).
 */
export async function save(
  ctx: Ctx,
  f: {
    endpoint: string
    keys: { p256dh: string; auth: string }
    quiet_hours?: boolean | undefined
    timezone?: string | undefined
  },
  session: SavingSession,
) {
  const user = ctx.user!
  const endpoint = pushEndpoint(ctx.env, f.endpoint)
  if (!endpoint)
    throw new AppError('validation', {
      message: 'push.errors.endpoint',
      fields: { endpoint: ['push.errors.endpoint'] },
    })
  // A key of the right length that is no point of the curve could never be written to.
  if (!(await isP256Point(b64uBytes(f.keys.p256dh))))
    throw new AppError('validation', { message: 'push.errors.keys', fields: { 'keys.p256dh': ['push.errors.keys'] } })
  const { existed, device } = await repo.saveDevice(ctx.db, {
    userId: user.id,
    endpoint,
    p256dh: f.keys.p256dh,
    auth: f.keys.auth,
    language: user.language,
    quietHours: f.quiet_hours,
    sessionHash: session.hash,
    sessionExpiresAt: session.expiresAt,
    timezone: f.timezone ?? null,
    label: deviceLabel(session.userAgent),
    now: Date.now(),
  })
  // A sign-out that ran while this request did (found from outside, issue 41 §5): it deletes the
  // session's record, then its devices (identity/sessions.ts endSession, in that order), so a
  // device written after that deletion finds the record gone here and goes with it. Read from KV
  // itself, not the isolate's memo of the session.
  if (session.hash && !(await ctx.env.KV.get(sessionKey(session.hash)))) {
    await repo.deleteSessionDevices(ctx.db, user.id, session.hash)
    throw new AppError('unauthenticated')
  }
  return { created: !existed, device: deviceDto(device) }
}

/** DELETE /v1/push/subscription: the caller's own device only; any other endpoint is 404, nothing deleted. */
export async function remove(ctx: Ctx, raw: string) {
  const endpoint = pushEndpoint(ctx.env, raw) ?? raw
  if (!(await repo.deleteDevice(ctx.db, ctx.user!.id, endpoint)))
    throw new AppError('not_found', { message: 'push.errors.not_found' })
}

/** GET /v1/push/devices: the caller's live devices, for their profile (never the keys). */
export async function list(ctx: Ctx): Promise<ListedDevice[]> {
  const devices = await repo.listDevices(ctx.db, ctx.user!.id, Date.now())
  return devices.map((d) => ({
    id: d.id,
    endpoint: d.endpoint,
    ...labelParts(d.label),
    quiet_hours: d.quiet_hours,
    created_at: new Date(d.created_at).toISOString(),
    last_used_at: d.last_ok_at === null ? null : new Date(d.last_ok_at).toISOString(),
  }))
}

/** DELETE /v1/push/device: the caller's own device by id; any other id is 404, nothing deleted. */
export async function removeById(ctx: Ctx, id: number) {
  if (!(await repo.deleteDeviceById(ctx.db, ctx.user!.id, id)))
    throw new AppError('not_found', { message: 'push.errors.not_found' })
}

/** base64url (unpadded, as the contract checked it) to bytes. */
function b64uBytes(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4))
  return Uint8Array.from(bin, (c) => c.charCodeAt(0))
}
