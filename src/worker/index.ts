// The Worker's exports and nothing else (DESIGN §2).
import app from './app'
import { runScheduled } from '#worker/cron/index'
import { handleQueue } from '#worker/queues/index'
import type { Env } from './env'
import { misconfigured, refuseMisconfigured } from '#worker/http/config'

export { NotificationChannel } from '#worker/durable/NotificationChannel'
export { HostSchedule } from '#worker/durable/HostSchedule'

export default {
  // A deploy missing a required setting answers 503 before anything else runs (http/config.ts).
  fetch: async (request: Request, env: Env, ctx: ExecutionContext) =>
    (await refuseMisconfigured(request, env)) ?? app.fetch(request, env, ctx),
  async scheduled(controller, env, ctx) {
    if (await misconfigured(env)) return
    ctx.waitUntil(runScheduled(controller.cron, env, new Date(controller.scheduledTime)))
  },
  // Mail and notice fan-out (wrangler.toml [[queues.consumers]], src/worker/queues).
  async queue(batch, env, _ctx) {
    if (await misconfigured(env)) return batch.retryAll({ delaySeconds: 60 })
    await handleQueue(batch, env)
  },
} satisfies ExportedHandler<Env>
