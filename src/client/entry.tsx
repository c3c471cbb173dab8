import { hydrateRoot } from 'react-dom/client'
import type { Messages } from '#shared/i18n/index'
import type { Boot } from '#shared/page-data'
import { App } from './app/App'
import { isPageId, pageEntry } from './app/pages'
import { configureApi } from './api'
import { registerServiceWorker } from './pwa/register'
import { $user } from './stores/session'
import './styles.css'

const read = <T,>(id: string): T => JSON.parse(document.getElementById(id)!.textContent!) as T

const boot = read<Boot>('__BOOT__')
const messages = read<Messages>('__MESSAGES__')
$user.set(boot.user)
configureApi(boot.locale, messages)

// Dates render in the person's time zone (Boot.timeZone). A visitor's zone is only known to
// their browser: remember it in a cookie so the next page is rendered in it by the server.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
if (zone && !document.cookie.split('; ').includes(`tz=${encodeURIComponent(zone)}`)) {
  document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`
}

// A chunk that fails to load leaves the server-rendered page as it is (the browser reports it).
void pageEntry(isPageId(boot.page) ? boot.page : 'notFound')
  .component()
  .then(({ default: Page }) => {
    hydrateRoot(document.getElementById('root')!, <App boot={boot} messages={messages} Page={Page} />)
    document.documentElement.dataset.hydrated = 'true'
    // Installable and offline (issue 23): after the page is interactive, never before.
    registerServiceWorker(boot.user?.id ?? null)
  })
