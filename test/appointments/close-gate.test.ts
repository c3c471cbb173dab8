// From the outside review of decision 087: the gate of the reward (changes() > 0 after the close's UPDATE) exercised where it is the
// only thing that decides: a guest who already reached the first-session reward without holding it.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { rewardCatalog } from '#worker/features/engagement/engagement.service'
import { makeAppointment } from '../factories'
import { register, setRole } from '../users/support'
import { call, guest, host } from '../appointments/support'

const at = (guestId: number, hostId: number, start: number, status: number = AppointmentStatus.confirmed) =>
  makeAppointment(guestId, hostId, start, {
    status: status as never,
    endAt: new Date(start + 3_000_000),
    createdAt: new Date(start - 86_400_000),
    updatedAt: new Date(start - 86_400_000),
  })
const rewardsOf = async (userId: number) =>
  (await env.DB.prepare('SELECT reward_id FROM user_rewards WHERE user_id = ?1').bind(userId).all()).results.length
const noticesOf = async (userId: number) =>
  (
    await env.DB.prepare("SELECT id FROM in_app_notifications WHERE user_id = ?1 AND type = 'reward'")
      .bind(userId)
      .all()
  ).results.length
const close = (token: string, id: number) =>
  call(token, 'POST', '/v1/appointment/close', { id: String(id), status: String(AppointmentStatus.attended) }, 'es')

describe('the reward gate of a refused close', () => {
  for (const fresh of [false, true])
    it(`a refused close never gives a reward the guest had reached but not held (catalogue ${fresh ? 'unknown' : 'known'})`, async () => {
      const h = await host()
      const g = await guest()
      const other = await host()
      const admin = await register()
      await setRole(admin.id, Role.admin)
      // Reached, not held: an attended session written without its reward (as the closing job would
      // leave it when its award failed and was logged).
      await at(g.id, h.id, Date.now() - 86_400_000 * 3, AppointmentStatus.attended)
      const started = await at(g.id, h.id, Date.now() - 3_600_000)
      const coming = await at(g.id, h.id, Date.now() + 86_400_000)
      const pending = await at(g.id, h.id, Date.now() - 7_200_000, AppointmentStatus.pending)
      const tries: [string, string, number][] = [
        ['guest', g.token, started],
        ['stranger host', other.token, started],
        ['host, not started', h.token, coming],
        ['host, pending', h.token, pending],
        ['admin, not started', admin.token, coming],
      ]
      for (const [who, token, id] of tries) {
        if (fresh) {
          await env.DB.prepare('DELETE FROM rewards').run()
          rewardCatalog.complete = false
        }
        // Something changed on the connection just before (another request's write).
        await env.DB.prepare('UPDATE users SET updated_at = updated_at WHERE id = ?1').bind(h.id).run()
        const r = await close(token, id)
        expect(r.res.status, who).not.toBe(200)
        expect(await rewardsOf(g.id), who).toBe(0)
        expect(await noticesOf(g.id), who).toBe(0)
      }
      // And the close that is made gives it once.
      expect((await close(h.token, started)).res.status).toBe(200)
      expect(await rewardsOf(g.id)).toBe(1)
      expect(await noticesOf(g.id)).toBe(1)
    })
})
