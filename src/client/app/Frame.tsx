import { Suspense, lazy, useEffect, useState } from 'react'
import { HEADER_HIDE_PX } from '#shared/limits'
import {
  $user,
  SESSION_LOST,
  markSessionExpired,
  keepPageUser,
  readLocal,
  type StoredUser,
} from '#client/stores/session.ts'
import { clearOnLogout, serverLogout } from './logout'
import { HelpLink } from '#client/features/legal/HelpLink.tsx'
import { endSessionLater } from '#client/pwa/register.ts'
import { notify } from '#client/stores/toasts.ts'
import { usePage } from './context'
import { backHref } from './back'
import { isStaff } from '#shared/pages'
import { useHydrated } from '#client/components/forms.tsx'
import { BellAtLoad } from '#client/features/notifications/Bell.tsx'

// The bell's menu (issue 11) is for signed-in people only: loaded after hydration, in its own
// chunk, so a visitor's page (the landings above all) never carries it. Its realtime channels are
// a chunk of their own, opened by the menu, or before React on a page that waits for a touch
// (signed-in.ts, decision 077).
const NotificationsMenu = lazy(() =>
  import('#client/features/notifications/NotificationsMenu.tsx').then((m) => ({ default: m.NotificationsMenu })),
)

/**
 * SPEC §2 Frame. Visitors: logo, Routes and Posts, Sign In. Users: back link, title, menu.
 * Hides when scrolling down past 50 px and shows again when scrolling up or near the top.
 */
export function Header() {
  const { boot, t, href } = usePage()
  const [hidden, setHidden] = useState(false)
  const hydrated = useHydrated()
  useEffect(() => {
    let last = window.scrollY
    const onScroll = () => {
      const y = window.scrollY
      setHidden(y > HEADER_HIDE_PX && y > last)
      last = y
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  useSession()
  const user = boot.user
  const back = backHref(boot, href)
  const staff = isStaff(user?.role)
  return (
    <header className={`header${hidden ? ' header-hidden' : ''}`} data-testid="header">
      {user ? (
        <>
          {back ? (
            <a className="header-back" href={back} aria-label={t('frame.back')} data-testid="header-back">
              ←
            </a>
          ) : (
            // The root of the person's pages has nothing above it (issue 42 §7): the place is kept.
            <span className="header-back" aria-hidden="true" />
          )}
          <h1 className="header-title">{boot.title}</h1>
          {/* Painted by the server and kept until the menu's code comes (decision 077). */}
          {hydrated ? (
            <Suspense fallback={<BellAtLoad label={t('engagement.notifications.unread')} />}>
              <NotificationsMenu />
            </Suspense>
          ) : (
            <BellAtLoad label={t('engagement.notifications.unread')} />
          )}
          <details className="user-menu">
            <summary aria-label={t('frame.menu')}>{(user.name ?? user.email ?? '?').slice(0, 1).toUpperCase()}</summary>
            <nav>
              <a href={href('profile')}>{t('frame.profile')}</a>
              {/* A patient's lines (issue 42 §8): staff neither pay for sessions nor earn rewards. */}
              {!staff && <a href={href('subscription')}>{t('frame.subscription')}</a>}
              {!staff && <a href={href('rewards')}>{t('frame.rewards')}</a>}
              <a href={href('downloads')}>{t('frame.downloads')}</a>
              <a href={href('appointments')}>{t('frame.appointments')}</a>
              <a href={href('logout')} data-action="logout">
                {t('frame.logout')}
              </a>
            </nav>
          </details>
        </>
      ) : (
        <>
          <a className="logo" href={href('home')}>
            <Logo /> {t('brand')}
          </a>
          <nav className="header-links">
            <a href={href('routes')}>{t('frame.routes')}</a>
            <a href={href('blog')}>{t('frame.posts')}</a>
          </nav>
          <a className="button button-small" href={href('login')}>
            {t('frame.sign_in')}
          </a>
        </>
      )}
      <HelpLink />
    </header>
  )
}

/**
 * Accounts (issue 3 §2) in the frame: the stored user follows the server's view of the session;
 * 'Unauthenticated.' (the session-lost event) sends to sign in and back; logout is a POST that
 * ends the session, then SPEC §4's local keys are cleared.
 */
function useSession() {
  const { boot, href, locale, t } = usePage()
  useEffect(() => {
    // Signed out by the link (?logged_out=1): the keys were cleared at load (entry.tsx), not here:
    // at hydration, after a touch, that would drop the visit's new tracking session.
    if (boot.user) keepPageUser(boot.user)
    else if (readLocal<StoredUser>('user')) {
      markSessionExpired()
    }
    let leaving = false
    const onLost = () => {
      if (leaving) return
      markSessionExpired()
      const here = window.location.pathname + window.location.search
      window.location.assign(href('login', { query: { redirect: here } }))
    }
    const logout = async () => {
      leaving = true
      // Signed out from here on: the notification socket, closed by the server as the session
      // ends, must not ask for the unread list (a 401) while the call below is still answering.
      const was = $user.get()
      $user.set(null)
      // Offline, the call cannot end the session: the service worker takes it over, ends it on
      // this device now and on the server before anything else goes out (decision 039). Where
      // no worker can, the person stays signed in and is told why.
      // This device's reminders stop while the session can still say so (DELETE /v1/push/subscription).
      if (typeof Notification !== 'undefined' && Notification.permission === 'granted')
        await import('../pwa/push').then((m) => m.dropOnLogout()).catch(() => {})
      // Known to be offline, the server is not tried: its call would first wait for the calls and
      // sockets still out (up to seconds on a slow phone) only to fail; the answer comes at once.
      const reached = navigator.onLine !== false && (await serverLogout())
      if (!reached && !(await endSessionLater(locale))) {
        leaving = false
        $user.set(was)
        notify(t('accounts.errors.logout_offline'), 'danger')
        return
      }
      await clearOnLogout()
      window.location.assign(href('home'))
    }
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.('a[data-action="logout"]')
      if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey) return
      e.preventDefault()
      void logout()
    }
    window.addEventListener(SESSION_LOST, onLost)
    document.addEventListener('click', onClick)
    return () => {
      window.removeEventListener(SESSION_LOST, onLost)
      document.removeEventListener('click', onClick)
    }
  }, [boot.query.logged_out, boot.user, href, locale, t])
}

export function Logo() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
      <circle cx="16" cy="16" r="15" fill="#2f5d62" />
      <path d="M8 18c3-5 13-5 16 0" stroke="#f3e9d2" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <circle cx="16" cy="11" r="3" fill="#f3e9d2" />
    </svg>
  )
}

/** Bottom navigation, signed-in users only: Home, Continue, Ranking. */
export function BottomNav() {
  const { boot, t, href } = usePage()
  const items = [
    { page: 'performance', label: t('frame.nav_home'), icon: '⌂' },
    { page: 'journey', label: t('frame.nav_continue'), icon: '▶' },
    { page: 'ranking', label: t('frame.nav_ranking'), icon: '★' },
  ] as const
  return (
    <nav className="bottom-nav" aria-label="main">
      {items.map((it) => (
        <a key={it.page} href={href(it.page)} aria-current={boot.page === it.page ? 'page' : undefined}>
          <span aria-hidden="true">{it.icon}</span>
          {it.label}
        </a>
      ))}
    </nav>
  )
}
