// Retention (issue 22 §3): every table past its horizon loses its old rows, in bounded deletes,
// and keeps the recent ones and the ones it must keep (unread notices, pending and dead mail).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { RETENTION_DAYS, retentionJob } from '#worker/cron/retention'
import { makeUser } from '../factories'

const DAY = 86_400_000
const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n

describe('the retention job', () => {
  it('drops what is past each horizon, keeps the rest, and runs only at minute 30 unless forced', async () => {
    const now = Date.UTC(2033, 0, 10, 12, 30)
    const old = (days: number) => now - (days + 1) * DAY
    const fresh = now - DAY / 2
    const u = await makeUser()
    const notice = (await env.DB.prepare(
      "INSERT INTO admin_notifications (title, status, send_at, created_at) VALUES ('x', 'sent', 0, 0) RETURNING id",
    ).first<{ id: number }>())!.id
    const u2 = await makeUser()
    for (const [at, tag] of [
      [old(RETENTION_DAYS.tracking_events), 'old'],
      [fresh, 'new'],
    ] as const) {
      await env.DB.prepare("INSERT INTO tracking_events (session_id, event, created_at) VALUES ('s', ?1, ?2)")
        .bind(`retention-${tag}`, at)
        .run()
    }
    await env.DB.prepare(
      "INSERT INTO notification_deliveries (notification_id, user_id, channel, status, sent_at, created_at) VALUES (?1, ?2, 'in_app', 'sent', ?3, ?3), (?1, ?4, 'in_app', 'pending', NULL, ?3)",
    )
      .bind(notice, u.id, old(RETENTION_DAYS.notification_deliveries), u2.id)
      .run()
    await env.DB.prepare(
      "INSERT INTO in_app_notifications (user_id, title, read_at, created_at) VALUES (?1, 'read long ago', ?2, ?2), (?1, 'unread', NULL, ?2), (?1, 'read today', ?3, ?3)",
    )
      .bind(u.id, old(RETENTION_DAYS.in_app_notifications), fresh)
      .run()
    await env.DB.prepare(
      "INSERT INTO email_outbox (to_address, subject, status, sent_at, created_at) VALUES ('a@x', 'sent long ago', 'sent', ?1, ?1), ('b@x', 'dead', 'dead', NULL, ?1), ('c@x', 'sent today', 'sent', ?2, ?2)",
    )
      .bind(old(RETENTION_DAYS.email_outbox), fresh)
      .run()

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
