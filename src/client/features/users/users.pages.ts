// Accounts and identity (SPEC §2 "Account"), and the Worker's own sign-in paths.
import { link, page } from '#shared/pages'

export const usersPages = {
  login: page('/login', 'guest', 'pages.login', () => import('./Login')),
  register: page('/register', 'guest', 'pages.register', () => import('./Register')),
  recover: page('/recover-password', 'guest', 'pages.recover', () => import('./Recover')),
  disableNotifications: page(
    '/disable-notifications',
    'public',
    'pages.disable_notifications',
    () => import('./DisableNotifications'),
  ),
  profile: page('/profile', 'user', 'pages.profile', () => import('./Profile')),
  // What this session downloaded on this device (issue 34 §2): the list is read on the device
  // (IndexedDB), so the page needs no loader; kept offline with each download (src/sw/sw.ts).
  downloads: page('/downloads', 'user', 'pages.downloads', () => import('./DownloadsScreen'), { noindex: true }),
  expired: page('/expired', 'public', 'pages.expired', () => import('./Expired')),
  // Answered by the Worker (features/users/auth.routes.ts), not pages.
  logout: link('/logout'),
  providerSignIn: link('/auth/:provider', { localized: false }),
}
