// The bundled admin (issue 12): one page whose chunk only admins and publishers ever load (its
// component is imported lazily, and no other page imports anything of features/admin).
import type { AdminPageData } from '#shared/contract/admin'
import { link, page } from '#shared/pages'

export const adminPages = {
  admin: page<AdminPageData>('/admin', 'user', 'pages.admin', () => import('./Admin'), { noindex: true }),
  // Answered by the Worker (the sitemap the admin regenerates), in no language.
  sitemap: link('/sitemap.xml', { localized: false }),
}
