// Rewards (SPEC §2 'Manage your rewards'). Issue 11 replaces the placeholder.
import { page } from '#shared/pages'

export const rewardsPages = {
  rewards: page('/rewards', 'user', 'pages.rewards', () => import('#client/app/Placeholder.tsx')),
}
