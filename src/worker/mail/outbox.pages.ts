// Server data of the local outbox page (issue 3 §7). Never served outside local runs.
import { outboxPageData } from '#shared/contract/mail'
import { isLocalEnv } from '#worker/env'
import { AppError } from '#worker/http/errors'
import { loader, type PageLoaders } from '#worker/ssr/page'
import { latestOutbox } from './outbox.repo'

export const mailLoaders: PageLoaders<'outbox'> = {
  outbox: loader(outboxPageData, async ({ ctx }) => {
    if (!isLocalEnv(ctx.env)) throw new AppError('not_found')
    const rows = await latestOutbox(ctx.db)
    return {
      mails: rows.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        text: r.text,
        template: r.template,
        locale: r.locale,
        created_at: r.createdAt.toISOString(),
      })),
    }
  }),
}
