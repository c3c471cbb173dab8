// Rewards (SPEC §2 'Manage your rewards'; issue 11 §7). Read in the browser: the person's own.
import { page } from '#shared/pages'

export const rewardsPages = {
  rewards: page('/rewards', 'user', 'pages.rewards', () => import('./Rewards')),
}
