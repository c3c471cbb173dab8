import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { adminNotifications } from '#worker/db/schema'
import { given, makeUser } from '../factories'
import { minuteCron } from '../helpers'

const runMinuteCron = () => minuteCron()

describe('due notifications cron, with a broken row', () => {
  it('marks a notification whose receivers are not JSON as failed, skips it, and still sends the ones after it', async () => {
    const patient = await makeUser({ name: 'R', email: 'r@bad.test' })
    const due = Date.now() - 1000
    // Raw on purpose: receivers that are not JSON, which the typed table would never write.
    const bad = await env.DB.prepare(
      "INSERT INTO admin_notifications (title, status, channel, receivers, send_at) VALUES ('Broken', 'pending', 'in_app', '[1, oops', ?) RETURNING id",
    )
      .bind(due)
      .first<{ id: number }>()
    const good = await given(adminNotifications, {
      title: 'Fine',
      status: 'pending',
      channel: 'in_app',
      receivers: [patient.id],
      sendAt: new Date(due),
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)

    await runMinuteCron()

    const inApp = await env.DB.prepare('SELECT user_id, title FROM in_app_notifications ORDER BY id').all<any>()
    expect(inApp.results).toEqual([{ user_id: patient.id, title: 'Fine' }])
    const status = async (id: number) =>
      (await env.DB.prepare('SELECT status FROM admin_notifications WHERE id = ?')
        .bind(id)
        .first<{ status: string }>())!.status
    expect(await status(good)).toBe('sent')
    expect(await status(bad!.id)).toBe('cancelled')
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`notification ${bad!.id}`))

    // The next minute does not pick the broken row up again.
    warn.mockClear()
    await runMinuteCron()
    expect(warn).not.toHaveBeenCalled()
    expect(await status(bad!.id)).toBe('cancelled')
    expect(await env.DB.prepare('SELECT count(*) AS n FROM in_app_notifications').first('n')).toBe(1)
  })
})
