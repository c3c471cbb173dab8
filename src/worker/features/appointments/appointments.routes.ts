import { Hono } from 'hono'
import * as calls from '#shared/contract/appointments'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { requireAuthority, requireUser } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import * as appointments from './appointments.service'
import { move } from './appointments.move'

/** Appointments (issue 9): every call needs a signed-in caller; each service checks the caller's side. */
export const appointmentsRoutes = new Hono<AppEnv>()
  .on(
    calls.listSlots.method,
    calls.listSlots.path,
    requireUser,
    ...endpoint(calls.listSlots, async (c, q) => {
      const out = await appointments.listSlots(ctxOf(c), q)
      return reply(c, calls.listSlots, out, out.slots.length ? {} : { message: 'appointments.no_slots' })
    }),
  )
  .on(
    calls.listAppointments.method,
    calls.listAppointments.path,
    requireUser,
    ...endpoint(calls.listAppointments, async (c, q) =>
      reply(c, calls.listAppointments, await appointments.list(ctxOf(c), q)),
    ),
  )
  .on(
    calls.book.method,
    calls.book.path,
    requireAuthority,
    ...endpoint(calls.book, async (c, f) =>
      reply(c, calls.book, await appointments.book(ctxOf(c), f), { status: 201, message: 'appointments.booked' }),
    ),
  )
  .on(
    calls.confirm.method,
    calls.confirm.path,
    requireUser,
    ...endpoint(calls.confirm, async (c, f) =>
      reply(
        c,
        calls.confirm,
        { appointment: await appointments.confirm(ctxOf(c), f.id) },
        { message: 'appointments.confirmed' },
      ),
    ),
  )
  .on(
    calls.cancel.method,
    calls.cancel.path,
    requireAuthority,
    ...endpoint(calls.cancel, async (c, f) =>
      reply(c, calls.cancel, await appointments.cancel(ctxOf(c), f), { message: 'appointments.cancelled' }),
    ),
  )
  .on(
    calls.close.method,
    calls.close.path,
    requireUser,
    ...endpoint(calls.close, async (c, f) =>
      reply(
        c,
        calls.close,
        { appointment: await appointments.close(ctxOf(c), f.id, f.status) },
        { message: 'appointments.closed' },
      ),
    ),
  )
  .on(
    calls.setMeeting.method,
    calls.setMeeting.path,
    requireUser,
    ...endpoint(calls.setMeeting, async (c, f) =>
      reply(
        c,
        calls.setMeeting,
        { appointment: await appointments.setMeeting(ctxOf(c), f) },
        { message: 'appointments.meeting_saved' },
      ),
    ),
  )
  .on(
    calls.nextAppointment.method,
    calls.nextAppointment.path,
    requireUser,
    ...endpoint(calls.nextAppointment, async (c) => reply(c, calls.nextAppointment, await appointments.next(ctxOf(c)))),
  )

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

// Issue 34 §3 (decision 047): moving a session, in the style of the calls above; the routes part
// (decision 042) converts it at merge, so it is kept apart here.
appointmentsRoutes.on(
  calls.move.method,
  calls.move.path,
  requireAuthority,
  ...endpoint(calls.move, async (c, f) =>
    reply(c, calls.move, { appointment: await move(ctxOf(c), f) }, { message: 'appointments.moved' }),
  ),
)
