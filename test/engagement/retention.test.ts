// Retention (issue 22 §3): every table past its horizon loses its old rows, in bounded deletes,
// and keeps the recent ones and the ones it must keep (unread notices, pending and dead mail).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { RETENTION_DAYS, retentionJob } from '#worker/cron/retention'
import {
  adminNotifications,
  emailOutbox,
  inAppNotifications,
  notificationDeliveries,
  trackingEvents,
} from '#worker/db/schema'
import { given, givenRows, makeUser } from '../factories'

const DAY = 86_400_000
const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n

describe('the retention job', () => {
  it('drops what is past each horizon, keeps the rest, and runs only at minute 30 unless forced', async () => {
    const now = Date.UTC(2033, 0, 10, 12, 30)
    const old = (days: number) => now - (days + 1) * DAY
    const fresh = now - DAY / 2
    const u = await makeUser()
    const at = (ms: number) => new Date(ms)
    const notice = await given(adminNotifications, { title: 'x', status: 'sent', sendAt: at(0), createdAt: at(0) })
    const u2 = await makeUser()
    for (const [ms, tag] of [
      [old(RETENTION_DAYS.tracking_events), 'old'],
      [fresh, 'new'],
    ] as const)
      await givenRows(trackingEvents, { sessionId: 's', event: `retention-${tag}`, createdAt: at(ms) })
    const oldDelivery = at(old(RETENTION_DAYS.notification_deliveries))
    await givenRows(
      notificationDeliveries,
      {
        notificationId: notice,
        userId: u.id,
        channel: 'in_app',
        status: 'sent',
        sentAt: oldDelivery,
        createdAt: oldDelivery,
      },
      {
        notificationId: notice,
        userId: u2.id,
        channel: 'in_app',
        status: 'pending',
        sentAt: null,
        createdAt: oldDelivery,
      },
    )
    const oldNotice = at(old(RETENTION_DAYS.in_app_notifications))
    await givenRows(
      inAppNotifications,
      { userId: u.id, title: 'read long ago', readAt: oldNotice, createdAt: oldNotice },
      { userId: u.id, title: 'unread', readAt: null, createdAt: oldNotice },
      { userId: u.id, title: 'read today', readAt: at(fresh), createdAt: at(fresh) },
    )
    const oldMail = at(old(RETENTION_DAYS.email_outbox))
    await givenRows(
      emailOutbox,
      { to: 'a@x', subject: 'sent long ago', status: 'sent', sentAt: oldMail, createdAt: oldMail },
      { to: 'b@x', subject: 'dead', status: 'dead', sentAt: null, createdAt: oldMail },
      { to: 'c@x', subject: 'sent today', status: 'sent', sentAt: at(fresh), createdAt: at(fresh) },
    )

    expect(await retentionJob(env, new Date(now - 60_000))).toBeNull() // minute 29: nothing
    const removed = await retentionJob(env, new Date(now))
    expect(removed).toMatchObject({
      tracking_events: 1,
      notification_deliveries: 1,
      in_app_notifications: 1,
      email_outbox: 1,
    })
    expect(await count("SELECT count(*) AS n FROM tracking_events WHERE event LIKE 'retention-%'")).toBe(1)
    expect(await count("SELECT count(*) AS n FROM notification_deliveries WHERE status = 'pending'")).toBe(1)
    expect(
      (
        await env.DB.prepare('SELECT title FROM in_app_notifications WHERE user_id = ?1 ORDER BY title')
          .bind(u.id)
          .all<{ title: string }>()
      ).results.map((r) => r.title),
    ).toEqual(['read today', 'unread'])
    expect(
      (
        await env.DB.prepare("SELECT subject FROM email_outbox WHERE to_address LIKE '_@x' ORDER BY subject").all<{
          subject: string
        }>()
      ).results.map((r) => r.subject),
    ).toEqual(['dead', 'sent today'])
    // A second run finds nothing more.
    expect(Object.values((await retentionJob(env, new Date(now), { force: true }))!).every((n) => n === 0)).toBe(true)
  })
})
