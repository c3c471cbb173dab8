// The Worker's exports and nothing else (DESIGN §2).
import app from './app'
import { runScheduled } from './cron'
import type { Env } from './env'

export { NotificationChannel } from './durable/NotificationChannel'
export { HostSchedule } from './durable/HostSchedule'

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller.cron, env, new Date(controller.scheduledTime)))
  },
} satisfies ExportedHandler<Env>
