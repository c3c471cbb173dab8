import * as calls from '#shared/contract/shares'
import { requireUser } from '#worker/http/auth'
import { answer, routes } from '#worker/http/mount'
import * as shares from './shares.service'

/** Shared with my psychologist (issue 44 §1, §2): the person's own choices, and a session's host's read. */
export const sharesRoutes = routes((on) => {
  on(calls.listShares, requireUser, (_, ctx) => shares.listShares(ctx))
  on(calls.saveShare, requireUser, async (f, ctx) => {
    const out = await shares.saveShare(ctx, f)
    const any = f.checkins || f.notes || f.practice || f.safety_plan
    return any ? out : answer(out, { message: 'shares.withdrawn' })
  })
  on(calls.listShareViews, requireUser, (_, ctx) => shares.listViews(ctx))
  // A HEAD shows the psychologist nothing: answered as a GET, but not recorded as a view.
  on(calls.appointmentShared, requireUser, (q, ctx, c) =>
    shares.shared(ctx, q.id, Date.now(), { view: c.req.method !== 'HEAD' }),
  )
  on(calls.listSharers, requireUser, (_, ctx) => shares.listSharers(ctx))
})
