// The /admin page (issue 12): one tab per screen the person's role has (SPEC §2 Admin screens,
// §6), each in its own file (the generic ListScreen set up for its calls, with the shared
// column and field builders of ./columns). The screen is kept in the URL (?screen=routes). The
// server refused this page to anyone else; its calls refuse them too.
import { useState, type ReactNode } from 'react'
import type { AdminPageData } from '#shared/contract/admin'
import type { AdminScreen } from '#shared/contract/admin.screens'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { Sitemap } from './AdminTools'
import { AppointmentsScreen } from './AppointmentsScreen'
import { AuditScreen } from './AuditScreen'
import { CategoriesScreen } from './CategoriesScreen'
import { EventsScreen } from './EventsScreen'
import { FilesScreen } from './FilesScreen'
import { NotificationsScreen } from './NotificationsScreen'
import { PlansScreen } from './PlansScreen'
import { PostsScreen } from './PostsScreen'
import { PropertiesScreen } from './PropertiesScreen'
import { RefundsScreen } from './RefundsScreen'
import { RoutesScreen } from './RoutesScreen'
import { SymptomsScreen } from './SymptomsScreen'
import { UsersScreen } from './UsersScreen'
import './admin.css'

/** Each screen of the admin (a missing one fails the type-check). */
const SCREENS: Record<AdminScreen, () => ReactNode> = {
  routes: () => <RoutesScreen />,
  route_categories: () => <CategoriesScreen name="route_categories" />,
  post_categories: () => <CategoriesScreen name="post_categories" />,
  symptoms: () => <SymptomsScreen />,
  posts: () => <PostsScreen />,
  files: () => <FilesScreen />,
  plans: () => <PlansScreen />,
  users: () => <UsersScreen />,
  appointments: () => <AppointmentsScreen />,
  events: () => <EventsScreen />,
  notifications: () => <NotificationsScreen />,
  refunds: () => <RefundsScreen />,
  audit: () => <AuditScreen />,
  sitemap: () => <Sitemap />,
  properties: () => <PropertiesScreen />,
}

function screenFromUrl(screens: string[]): string {
  if (typeof window === 'undefined') return screens[0]!
  const s = new URLSearchParams(window.location.search).get('screen')
  return s && screens.includes(s) ? s : screens[0]!
}

export default function Admin({ data, boot }: PageProps<AdminPageData>) {
  const { t } = usePage()
  const [screen, setScreen] = useState(() =>
    boot.query.screen && data.screens.includes(boot.query.screen) ? boot.query.screen : screenFromUrl(data.screens),
  )

  function go(s: string) {
    setScreen(s)
    const url = new URL(window.location.href)
    url.searchParams.set('screen', s)
    window.history.replaceState(null, '', url)
  }

  return (
    <div className="adm">
      <h1 className="adm-title">{t('admin.title')}</h1>
      <nav className="adm-tabs" aria-label={t('admin.title')}>
        {data.screens.map((s) => (
          <button
            key={s}
            type="button"
            className={`adm-tab${s === screen ? ' adm-tab-on' : ''}`}
            aria-current={s === screen ? 'page' : undefined}
            onClick={() => go(s)}
            data-testid={`tab-${s}`}
          >
            {t(`admin.screens.${s as AdminScreen}`)}
          </button>
        ))}
      </nav>
      <Screen key={screen} name={screen as AdminScreen} />
    </div>
  )
}

function Screen({ name }: { name: AdminScreen }) {
  return SCREENS[name]()
}
