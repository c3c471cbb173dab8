import * as calls from '#shared/contract/push'
import { anyone, requireUser } from '#worker/http/auth'
import { answer, routes } from '#worker/http/mount'
import * as devices from './devices.service'

/** Reminders on this device (issue 34 §1): the public key, and the caller's own subscriptions and devices. */
export const pushRoutes = routes((on) => {
  on(calls.pushKey, anyone, (_, ctx) => devices.publicKey(ctx))
  on(calls.savePushSubscription, requireUser, async (f, ctx, c) => {
    const session = c.var.user?.session
    const { created, device } = await devices.save(ctx, f, {
      hash: session?.hash ?? null,
      expiresAt: session?.expiresAt ?? null,
      userAgent: c.req.header('user-agent'),
    })
    return answer({ device }, { created })
  })
  on(calls.deletePushSubscription, requireUser, (f, ctx) => devices.remove(ctx, f.endpoint))
  // The person's devices (issue 41): listed and removed from their profile, their own only.
  on(calls.listPushDevices, requireUser, async (_, ctx) => ({ devices: await devices.list(ctx) }))
  on(calls.deletePushDevice, requireUser, (f, ctx) => devices.removeById(ctx, f.id))
})
