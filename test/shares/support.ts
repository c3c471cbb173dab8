// Who and what the sharing tests start from (issue 44 §1, §2): a person with a session with a
// psychologist, calls as each of them, and what D1 holds.
import { env } from 'cloudflare:test'
import { AppointmentStatus, Role } from '#shared/enums'
import { makeAppointment } from '../factories'
import { call } from '../appointments/support'
import { register, setRole } from '../users/support'

export const DAY = 86_400_000
export { call }

export async function psychologist(name = 'Dr Lucía Gómez') {
  const h = await register({ name })
  await setRole(h.id, Role.psychologist)
  return h
}

/** A person and a psychologist with a session to come in `days` days (pending): the session's id. */
export async function pair(days = 2) {
  const person = await register({ name: 'Ana Pérez', password: '' })
  const host = await psychologist()
  const session = await makeAppointment(person.id, host.id, Date.now() + days * DAY)
  return { person, host, session }
}

/** A session of the pair in the past that ended `daysAgo` days ago, attended. */
export const pastSession = (guestId: number, hostId: number, daysAgo: number) =>
  makeAppointment(guestId, hostId, Date.now() - daysAgo * DAY - 3_600_000, { status: AppointmentStatus.attended })

export const share = (token: string, hostId: number, boxes: Record<string, string> = {}, locale = 'en') =>
  call(token, 'POST', '/v1/my/share', { host_id: String(hostId), ...boxes }, locale)

export const seeShared = (token: string, id: number, locale = 'en') =>
  call(token, 'GET', `/v1/appointment/shared?id=${id}`, {}, locale)

export const viewCount = async (userId: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM share_views WHERE user_id = ?1')
    .bind(userId)
    .first<{ n: number }>())!.n
