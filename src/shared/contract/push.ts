// Reminders on this device (issue 34 §1): Web Push subscriptions, one per person and browser.
// SPEC's `notification_push_token` is the person's devices; a browser's subscription is its
// push service endpoint and the two keys the payload is encrypted to (RFC 8291).
// docs/API.md "Reminders on this device" has the rules; mounted by src/worker/push/push.routes.ts.
import { z } from './zod'
import { del, get, post } from './call'
import { envelope, messageResponse } from './common'
import { bool01, idField, timezoneField } from './fields'

/** A push service endpoint: https, at most 1 KB (real ones are ~200-500 characters). */
export const pushEndpointField = z
  .string({ error: 'push.errors.endpoint' })
  .max(1024, { error: 'push.errors.endpoint' })
  .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', {
    error: 'push.errors.endpoint',
  })

/** The browser's keys as PushSubscription.toJSON() gives them: base64url, unpadded. */
const base64url = (bytes: number) =>
  z
    .string({ error: 'push.errors.keys' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'push.errors.keys' })
    .refine((v) => Math.floor((v.length * 3) / 4) === bytes, { error: 'push.errors.keys' })

/** One device's reminders, as the person sees them (never the keys). */
export const pushDeviceSchema = z.object({
  endpoint: z.string(),
  /** Nothing between 22:00 and 08:00 on the person's clock unless they turn this off. */
  quiet_hours: z.boolean(),
  created_at: z.string(),
})
export type PushDevice = z.infer<typeof pushDeviceSchema>

/** GET /v1/push/key: the VAPID public key (base64url, 65 bytes uncompressed P-256). Public. */
export const pushKey = get('/push/key', z.object({}), envelope({ public_key: z.string() }))

/**
 * POST /v1/push/subscription: this device's subscription for the caller. The same endpoint
 * saved again updates it (and moves it to the caller when another person had it on this
 * browser); 201 when it is new.
 */
export const savePushSubscription = post(
  '/push/subscription',
  z.object({
    endpoint: pushEndpointField,
    keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
    quiet_hours: bool01.optional(),
    /** The browser's own IANA zone (Intl): quiet hours are kept on this device's clock (issue 41). */
    timezone: timezoneField.optional(),
  }),
  envelope({ device: pushDeviceSchema }),
  { message: 'push.messages.updated', createdMessage: 'push.messages.on' },
)

/** DELETE /v1/push/subscription: this device stops getting reminders (the caller's own only). */
export const deletePushSubscription = del(
  '/push/subscription',
  z.object({ endpoint: pushEndpointField }),
  messageResponse,
  { message: 'push.messages.off' },
)

/** One of the person's devices in their profile's list (issue 41): what it is and when, never its keys. */
export const listedDeviceSchema = z.object({
  id: z.number().int(),
  /** The push service address: the page compares it with its own to say "This device". */
  endpoint: z.string(),
  /** The browser and system that saved it ("Chrome", "Android"); null when it did not say. */
  browser: z.string().nullable(),
  system: z.string().nullable(),
  quiet_hours: z.boolean(),
  created_at: z.string(),
  /** The last push the service took for it; null: none yet. */
  last_used_at: z.string().nullable(),
})
export type ListedDevice = z.infer<typeof listedDeviceSchema>

/** GET /v1/push/devices: the caller's devices, newest first (their sessions still live). */
export const listPushDevices = get('/push/devices', z.object({}), envelope({ devices: z.array(listedDeviceSchema) }))

/** DELETE /v1/push/device: one of the caller's devices by its id (another person's: 404). */
export const deletePushDevice = del('/push/device', z.object({ id: idField }), messageResponse, {
  message: 'push.messages.removed',
})

export const pushCalls = [
  pushKey,
  savePushSubscription,
  deletePushSubscription,
  listPushDevices,
  deletePushDevice,
] as const
