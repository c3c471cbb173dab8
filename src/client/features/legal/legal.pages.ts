// The legal pages (SPEC §2 footer links; issue 8 §5) and help in a crisis (issue 8 §6).
import { page } from '#shared/pages'

export const legalPages = {
  terms: page('/terms', 'public', 'pages.terms', () => import('./LegalDocument')),
  cookies: page('/cookies', 'public', 'pages.cookies', () => import('./LegalDocument')),
  privacy: page('/privacy', 'public', 'pages.privacy', () => import('./LegalDocument')),
  consent: page('/consent', 'public', 'pages.consent', () => import('./LegalDocument')),
  // Works without JavaScript and without an account: plain tel: and sms: links, rendered by the
  // server with the person's country first (worker/features/legal/legal.pages.ts).
  help: page('/help', 'public', 'pages.help', () => import('./Help'), { byCountry: true }),
  // What the service worker shows for a page it cannot fetch and never kept (issue 23 §3): fetched
  // once at install without cookies, so it is nobody's page; the help page's lines under a notice.
  offline: page('/offline', 'public', 'pages.offline', () => import('./Offline'), { byCountry: true, noindex: true }),
}
