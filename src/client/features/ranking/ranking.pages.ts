// The daily ranking (SPEC §2 /ranking). Issue 11 replaces the placeholder.
import { page } from '#shared/pages'

export const rankingPages = {
  ranking: page('/ranking', 'user', 'pages.ranking', () => import('#client/app/Placeholder.tsx')),
}
