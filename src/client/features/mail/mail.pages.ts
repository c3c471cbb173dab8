// The local outbox (issue 3 §7): mail a local run wrote, with its links. Never in production.
import { page } from '#shared/pages'

export const mailPages = {
  outbox: page('/__dev/outbox', 'public', 'pages.outbox', () => import('./Outbox'), { devOnly: true }),
}
