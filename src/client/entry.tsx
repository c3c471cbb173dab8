import { hydrateRoot } from 'react-dom/client'
import type { Messages } from '#shared/i18n/index'
import type { Boot } from '#shared/page-data'
import { App } from './app/App'
import { configureApi } from './api'
import { loadPageComponent } from './pages/registry'
import { $user } from './stores/session'
import './styles.css'

const read = <T,>(id: string): T => JSON.parse(document.getElementById(id)!.textContent!) as T

const boot = read<Boot>('__BOOT__')
const messages = read<Messages>('__MESSAGES__')
$user.set(boot.user)
configureApi(boot.locale, messages)

loadPageComponent(boot.component).then(({ default: Page }) => {
  hydrateRoot(document.getElementById('root')!, <App boot={boot} messages={messages} Page={Page} />)
  document.documentElement.dataset.hydrated = 'true'
})
