// The /admin page's loader (issue 12 §1): signed in (the page's access rule) and an admin or a
// publisher, else 403 with the error page, whatever the browser would have shown.
import { adminPageData } from '#shared/contract/admin'
import { screensOf } from '#shared/contract/admin.screens'
import { AppError } from '#worker/http/errors'
import { loader, type PageLoaders } from '#worker/ssr/page'

export const adminLoaders: PageLoaders<'admin'> = {
  admin: loader(adminPageData, async ({ ctx }) => {
    const role = ctx.user?.role ?? 0
    const screens = screensOf(role)
    if (!screens.length) throw new AppError('unauthorized')
    return { role, screens: [...screens] }
  }),
}
