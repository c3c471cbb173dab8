// Subscriptions and credits (SPEC §2 Account). Issue 10 replaces the placeholders.
import { page } from '#shared/pages'

export const paymentsPages = {
  subscription: page('/subscription', 'user', 'pages.subscription', () => import('#client/app/Placeholder.tsx')),
  subscribe: page('/subscribe', 'user', 'pages.subscribe', () => import('#client/app/Placeholder.tsx')),
  upgrade: page('/upgrade', 'user', 'pages.upgrade', () => import('#client/app/Placeholder.tsx')),
  thanks: page('/thanks', 'public', 'pages.thanks', () => import('#client/app/Placeholder.tsx')),
}
