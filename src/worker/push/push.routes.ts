import * as calls from '#shared/contract/push'
import { anyone, requireUser } from '#worker/http/auth'
import { answer, routes } from '#worker/http/mount'
import * as devices from './devices.service'

/** Reminders on this device (issue 34 §1): the public key, and the caller's own subscriptions. */
export const pushRoutes = routes((on) => {
  on(calls.pushKey, anyone, (_, ctx) => devices.publicKey(ctx))
  on(calls.savePushSubscription, requireUser, async (f, ctx, c) => {
    const { created, device } = await devices.save(ctx, f, c.var.user?.session?.hash ?? null)
    return answer({ device }, { created })
  })
  on(calls.deletePushSubscription, requireUser, (f, ctx) => devices.remove(ctx, f.endpoint))
})
