// The daily ranking (SPEC §2 /ranking; issue 11 §3). Read in the browser (the own row is the person's).
import { page } from '#shared/pages'

export const rankingPages = {
  ranking: page('/ranking', 'user', 'pages.ranking', () => import('./Ranking')),
}
