// The public site (SPEC §2 "Public and acquisition"). Issue 8 replaces the placeholders.
import { page } from '#shared/pages'

export const sitePages = {
  home: page('/', 'guest', 'pages.home', () => import('./Home')),
  insomniaLanding: page('/get-a-plan-for-insomnia', 'guest', 'pages.insomnia_landing', () => import('#client/app/Placeholder.tsx')),
  anxietyLanding: page('/get-a-plan-for-anxiety', 'guest', 'pages.anxiety_landing', () => import('#client/app/Placeholder.tsx')),
  insomniaThanks: page('/get-a-plan-for-insomnia/thanks', 'public', 'pages.insomnia_thanks', () => import('#client/app/Placeholder.tsx'), { bare: true }),
  terms: page('/terms', 'public', 'pages.terms', () => import('#client/app/Placeholder.tsx')),
  cookies: page('/cookies', 'public', 'pages.cookies', () => import('#client/app/Placeholder.tsx')),
  privacy: page('/privacy', 'public', 'pages.privacy', () => import('#client/app/Placeholder.tsx')),
  consent: page('/consent', 'public', 'pages.consent', () => import('#client/app/Placeholder.tsx')),
}
