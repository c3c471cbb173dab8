// A person's own quiet hours (issue 42 §3): they were fixed at 22:00–08:00. Now the person sets
// their own night (or none) in the profile's notification settings, validated with translated
// field errors, and the sender holds reminders through that night on each device's clock.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { deliverPushes } from '#worker/push/deliver'
import { instantOf, wallClock } from '#worker/lib/zones'
import { register } from '../users/support'
import { call, deliveryOf, pendingPushes, pushServiceAtFetch, save } from './support'

const settings = (token: string, body: Record<string, unknown>, locale = 'en') =>
  call(token, 'POST', '/v1/user/update', body, locale)

describe('quiet hours in the notification settings', () => {
  it('starts at 22:00–08:00, saves the person’s own night, and none', async () => {
    const ana = await register()
    const me = await call(ana.token, 'GET', '/v1/user')
    expect(me.body.user).toMatchObject({ quiet_from: '22:00', quiet_until: '08:00' })
    const own = await settings(ana.token, { quiet_from: '23:30', quiet_until: '07:15' })
    expect(own.res.status).toBe(200)
    expect(own.body.message).toBe('Settings updated.')
    expect(own.body.user).toMatchObject({ quiet_from: '23:30', quiet_until: '07:15' })
    const none = await settings(ana.token, { quiet_from: 'none', quiet_until: 'none' })
    expect(none.res.status).toBe(200)
    expect(none.body.user).toMatchObject({ quiet_from: null, quiet_until: null })
  })

  it('refuses a bad time, one end alone, and a night of no length, with field errors in the person’s language', async () => {
    const ana = await register()
    const bad = await settings(ana.token, { quiet_from: '25:00', quiet_until: '07:00' }, 'es')
    expect(bad.res.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['quiet_from'])
    const alone = await settings(ana.token, { quiet_from: '23:00' }, 'en')
    expect(alone.res.status).toBe(422)
    expect(alone.body.errors).toEqual({ quiet_until: ['Give both the start and the end.'] })
    const same = await settings(ana.token, { quiet_from: '23:00', quiet_until: '23:00' }, 'es')
    expect(same.res.status).toBe(422)
    expect(same.body.errors).toEqual({ quiet_until: ['El inicio y el final deben ser horas distintas.'] })
    // Nothing of it was saved.
    const me = await call(ana.token, 'GET', '/v1/user')
    expect(me.body.user).toMatchObject({ quiet_from: '22:00', quiet_until: '08:00' })
  })
})

describe('the sender keeps the person’s own quiet hours', () => {
  const zone = 'Europe/Madrid'
  const at = (minute: number) => instantOf(wallClock(Date.now(), zone).date, minute, zone)!

  it('a night of 13:00–15:00: a reminder at 14:00 waits until 15:00 there; at 23:00 it goes', async () => {
    const fake = pushServiceAtFetch()
    const ana = await register({}, 'es')
    await save(ana.token, await fake.subscribe(), { timezone: zone }, 'es')
    expect((await settings(ana.token, { quiet_from: '13:00', quiet_until: '15:00' })).res.status).toBe(200)
    const [held] = await pendingPushes([ana.id])
    expect(await deliverPushes(env, [held!], at(14 * 60))).toEqual({ sent: 0, waiting: 1 })
    const row = await deliveryOf(held!)
    expect(row).toEqual({ status: 'pending', due_at: at(15 * 60) })
    const [late] = await pendingPushes([ana.id])
    // 23:00 was quiet under the old fixed night; it is not in hers.
    expect(await deliverPushes(env, [late!], at(23 * 60))).toEqual({ sent: 1, waiting: 0 })
  })

  it('no quiet hours: a reminder at 03:00 goes at once, even on a device that keeps them', async () => {
    const fake = pushServiceAtFetch()
    const luis = await register({}, 'en')
    await save(luis.token, await fake.subscribe(), { timezone: zone, quiet_hours: '1' })
    expect((await settings(luis.token, { quiet_from: 'none', quiet_until: 'none' })).res.status).toBe(200)
    const [id] = await pendingPushes([luis.id])
    expect(await deliverPushes(env, [id!], at(3 * 60))).toEqual({ sent: 1, waiting: 0 })
    expect(fake.received).toHaveLength(1)
  })
})
