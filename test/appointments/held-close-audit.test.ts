// Decision 089, found by an outside review: POST /v1/appointment/close is registered with
// staffHeldInWrite, which skips the staff confirmation in sessionCaller, so every middleware
// between sessionContext and the handler sees KV's copy of a staff caller. auditWrites
// (features/admin/audit.ts) is one of them, and '/appointment/close' IS in AUDITED: the audit
// trail of a close now follows KV's role, not D1's. Before 1f9085a the staff caller was confirmed
// before auditWrites ran, so the trail followed D1's role.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { call, guest, host, statusOf, tookPlace } from './support'

const close = (token: string, id: number) =>
  call(token, 'POST', '/v1/appointment/close', { id: String(id), status: String(AppointmentStatus.attended) })
const trailOf = async (actorId: number) =>
  (
    await env.DB.prepare(
      "SELECT actor_role FROM audit_log WHERE actor_id = ?1 AND action = 'POST /v1/appointment/close'",
    )
      .bind(actorId)
      .all<{ actor_role: number }>()
  ).results

describe('decision 089 (outside review): the audit trail of a close follows D1’s role, as before', () => {
  it('an admin in D1 (KV still says psychologist) closes another host’s session: the close is recorded in the audit trail', async () => {
    const boss = await host()
    const other = await host()
    const g = await guest()
    const id = await tookPlace(g.id, other.id)
    // Promoted in D1 alone (KV's copy at another location still says psychologist, up to 60 s).
    await env.DB.prepare('UPDATE users SET role = ?1 WHERE id = ?2').bind(Role.admin, boss.id).run()
    const { res, body } = await close(boss.token, id)
    // The close goes through as D1's admin (the retry after the held refusal)...
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(await statusOf(id)).toBe(AppointmentStatus.attended)
    // ...so an admin's write of another person's appointment: it must be in the trail.
    expect(await trailOf(boss.id)).toEqual([{ actor_role: Role.admin }])
  })

  it('a psychologist in D1 (KV still says admin) closes their own session: no admin write is recorded for them', async () => {
    const h = await host()
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    // KV's copy says admin (refreshSessions through setRole-like path), then D1 alone demotes.
    await env.DB.prepare('UPDATE users SET role = ?1 WHERE id = ?2').bind(Role.admin, h.id).run()
    const { userChanged } = await import('../helpers')
    await userChanged(h.id)
    await env.DB.prepare('UPDATE users SET role = ?1 WHERE id = ?2').bind(Role.psychologist, h.id).run()
    const { res, body } = await close(h.token, id)
    expect(res.status, JSON.stringify(body)).toBe(200)
    // D1 says psychologist: not an editor, nothing for the editors' trail (and never as an admin).
    expect(await trailOf(h.id)).toEqual([])
  })
})
