// Server data of /appointments (SPEC §2; decision 081): the first page of the list the tab shows.
import { appointmentsPageData, appointmentsQuery } from '#shared/contract/appointments'
import { kindOf, listInput, tabOf } from '#shared/appointments-list'
import { Role } from '#shared/role'
import { AppError } from '#worker/http/errors'
import { loader, type PageLoaders } from '#worker/ssr/page'
import { list } from './appointments.service'

export const appointmentsLoaders: PageLoaders<'appointments'> = {
  // The same call and query as the browser's list (GET /v1/appointments, one D1 round: decision
  // 079), so what the server paints is what the browser would have read: the caller's own
  // sessions (as guest or host), checked by the service as for the call.
  appointments: loader(appointmentsPageData, async ({ ctx, query }) => {
    const kind = ctx.user ? kindOf(tabOf(query.tab, ctx.user.role === Role.psychologist)) : null
    if (!kind) return { list: null }
    const now = Date.now()
    try {
      const page = await list(ctx, appointmentsQuery.parse(listInput(kind, 1)), now)
      return { list: { kind, ...page, at: new Date(now).toISOString() } }
    } catch (err) {
      if (err instanceof AppError) throw err
      // D1 failed this read: the page is still served, without its list, as before this loader
      // (lazyPage then starts React at once and the list reads itself, with its Problem and Retry).
      console.error('appointments page: the list could not be read', err)
      return { list: null }
    }
  }),
}
