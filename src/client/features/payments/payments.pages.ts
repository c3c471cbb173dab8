// Subscriptions and credits (SPEC §2 Account; issue 10).
import { page } from '#shared/pages'

export const paymentsPages = {
  subscription: page('/subscription', 'user', 'pages.subscription', () => import('./Subscription')),
  // A step of the payment flow (?success / ?error): never indexed.
  subscribe: page('/subscribe', 'user', 'pages.subscribe', () => import('./Subscribe'), { noindex: true }),
  upgrade: page('/upgrade', 'user', 'pages.upgrade', () => import('./Upgrade')),
  // After a payment: a step of the flow, not a page to find in search results.
  thanks: page('/thanks', 'public', 'pages.thanks', () => import('./Thanks'), { noindex: true }),
}
