// The public site (SPEC §2 "Public and acquisition"): home, the two landings, the thanks page.
import { page } from '#shared/pages'

export const sitePages = {
  home: page('/', 'guest', 'pages.home', () => import('./Home')),
  insomniaLanding: page(
    '/get-a-plan-for-insomnia',
    'guest',
    'pages.insomnia_landing',
    () => import('./InsomniaLanding'),
  ),
  anxietyLanding: page('/get-a-plan-for-anxiety', 'guest', 'pages.anxiety_landing', () => import('./AnxietyLanding')),
  insomniaThanks: page(
    '/get-a-plan-for-insomnia/thanks',
    'public',
    'pages.insomnia_thanks',
    () => import('./InsomniaThanks'),
    { bare: true, noindex: true },
  ),
}
