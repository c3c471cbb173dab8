// Every page's server loader, gathered from the domains (issue 13 §1). The type requires one
// loader for each page whose entry declares data, with exactly that data's type.
import { adminLoaders } from '#worker/features/admin/admin.pages'
import { appointmentsLoaders } from '#worker/features/appointments/appointments.pages'
import { contentLoaders } from '#worker/features/content/content.pages'
import { formsLoaders } from '#worker/features/forms/forms.pages'
import { legalLoaders } from '#worker/features/legal/legal.pages'
import { mailLoaders } from '#worker/mail/outbox.pages'
import { paymentsLoaders } from '#worker/features/payments/payments.pages'
import { plansLoaders } from '#worker/features/plans/plans.pages'
import { postsLoaders } from '#worker/features/posts/posts.pages'
import { siteLoaders } from '#worker/features/site/site.pages'
import { usersLoaders } from '#worker/features/users/users.pages'
import type { LoadedPageId } from '#client/app/pages.ts'
import type { PageLoader, PageLoaders } from './page'

export const LOADERS: PageLoaders<LoadedPageId> = {
  ...siteLoaders,
  ...contentLoaders,
  ...postsLoaders,
  ...plansLoaders,
  ...paymentsLoaders,
  ...usersLoaders,
  ...mailLoaders,
  ...legalLoaders,
  ...formsLoaders,
  ...adminLoaders,
  ...appointmentsLoaders,
}

export function loaderOf(id: string): PageLoader<unknown> | null {
  return (LOADERS as Record<string, PageLoader<unknown>>)[id] ?? null
}
