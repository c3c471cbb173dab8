// Subscriptions and credits (SPEC §2 Account). Issue 10 replaces the placeholders.
import { page } from '#shared/pages'

export const paymentsPages = {
  subscription: page('/subscription', 'user', 'pages.subscription', () => import('#client/app/Placeholder.tsx')),
  subscribe: page('/subscribe', 'user', 'pages.subscribe', () => import('#client/app/Placeholder.tsx')),
  upgrade: page('/upgrade', 'user', 'pages.upgrade', () => import('./Upgrade')),
  // After a payment: a step of the flow, not a page to find in search results.
  thanks: page('/thanks', 'public', 'pages.thanks', () => import('./Thanks'), { noindex: true }),
}
