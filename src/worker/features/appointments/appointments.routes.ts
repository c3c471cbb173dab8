import { Hono } from 'hono'
import * as calls from '#shared/contract/appointments'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { requireAuthorityAtWrite, requireUser } from '#worker/http/auth'
import { answer, routes } from '#worker/http/mount'
import { staffConfirmedByService, staffHeldInWrite } from '#worker/identity/caller'
import * as appointments from './appointments.service'
import { listSlots } from './appointments.slots.service'
import { move } from './appointments.move'

/** Appointments (issue 9): every call needs a signed-in caller; each service checks the caller's side. */
export const appointmentsRoutes = routes((on) => {
  on(calls.listSlots, requireUser, async (q, ctx) => {
    const out = await listSlots(ctx, q)
    return out.slots.length ? out : answer(out, { message: 'appointments.no_slots' })
  })
  on(calls.listAppointments, requireUser, (q, ctx) => appointments.list(ctx, q))
  on(calls.book, requireAuthorityAtWrite, (f, ctx) => appointments.book(ctx, f))
  // Either side, the caller confirmed beside the session's read, a host too (decision 087).
  staffConfirmedByService(calls.confirm)
  on(calls.confirm, requireAuthorityAtWrite, async (f, ctx) => ({ appointment: await appointments.confirm(ctx, f.id) }))
  on(calls.cancel, requireAuthorityAtWrite, (f, ctx) => appointments.cancel(ctx, f))
  // The host's close holds the host's session in its own SQL, one D1 round (decision 089).
  staffHeldInWrite(calls.close)
  on(calls.close, requireUser, async (f, ctx) => ({ appointment: await appointments.close(ctx, f.id, f.status) }))
  // The host's meeting link held in one batch with the host's session (decision 089).
  staffHeldInWrite(calls.setMeeting)
  on(calls.setMeeting, requireUser, async (f, ctx) => ({ appointment: await appointments.setMeeting(ctx, f) }))
  on(calls.nextAppointment, requireUser, (_, ctx) => appointments.next(ctx))
  // Issue 34 §3 (decision 047): a session moved to another free slot of its psychologist.
  on(calls.move, requireAuthorityAtWrite, async (f, ctx) => ({ appointment: await move(ctx, f) }))
})

/** Outside /v1 (a file, not the JSON envelope): the appointment page's calendar download. */
export const appointmentFileRoutes = new Hono<AppEnv>().get(
  '/:id{[0-9]{1,12}}/calendar.ics',
  requireUser,
  async (c) => {
    const ics = await appointments.calendarFile(ctxOf(c), Number(c.req.param('id')))
    return c.body(ics, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'attachment; filename="calma-appointment.ics"',
      'cache-control': 'no-store',
    })
  },
)
