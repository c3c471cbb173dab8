import { startTransition } from 'react'
import type { Messages } from '#shared/i18n/index'
import type { Boot } from '#shared/page-data'
import { isPageId, pageEntry } from './app/pages'
import { configureApi } from './api'
import { registerServiceWorker } from './pwa/register'
import { $user } from './stores/session'
import { hydratedNow } from './wake'

const read = <T,>(id: string): T => JSON.parse(document.getElementById(id)!.textContent!) as T

/**
 * The page's words: embedded (the admin page, `vite dev`), else named by URL in `__ASSETS__` and
 * already asked for by the page's loader (worker/ssr/render.tsx LOADER, ssr/messages-file.ts).
 */
function loadMessages(): Promise<Messages> {
  if (document.getElementById('__MESSAGES__')) return Promise.resolve(read<Messages>('__MESSAGES__'))
  const asked = (window as { __calmaMessages?: Promise<Messages> }).__calmaMessages
  if (asked) return asked
  const url = read<{ messages?: string }>('__ASSETS__').messages ?? ''
  return fetch(url).then((r) => (r.ok ? (r.json() as Promise<Messages>) : Promise.reject(new Error(String(r.status)))))
}

/** The rest of this task is the browser's (a tap, a paint) before the next piece of start-up. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * React over the server's HTML (entry.tsx decides when: at once for a signed-in person, at a
 * visitor's first touch). Start-up in pieces, each its own task (issue 21 §5, Lighthouse's total
 * blocking time): react-dom, then the frame (App), then the page, are dynamic imports fetched
 * together (`__ASSETS__`, ssr/assets.ts), so each evaluates when asked, not all in one long task.
 * A chunk (or the words) that fails to load leaves the server-rendered page as it is.
 * Resolves once React has committed (App's first effect): the page is marked hydrated and the
 * service worker registered then.
 */
export async function hydrate(served: Boot): Promise<void> {
  // The offline page or /help from the service worker's shell was rendered for nobody: on a
  // device whose session still lasts, it is drawn in that person's frame instead (issue 42 §2).
  const person =
    document.documentElement.dataset.offline === 'shell' && !served.user
      ? await import('./pwa/offline-person').then((m) => m.offlinePerson()).catch(() => null)
      : null
  const boot: Boot = person ? { ...served, user: person, footer: null } : served
  if (person) $user.set(person)
  const page = pageEntry(isPageId(boot.page) ? boot.page : 'notFound').component()
  const words = loadMessages()
  const { hydrateRoot, createRoot } = await import('react-dom/client')
  await nextTask()
  const { App } = await import('./app/App')
  await nextTask()
  const [{ default: Page }, messages] = await Promise.all([page, words])
  configureApi(boot.locale, messages)
  return new Promise<void>((resolve) => {
    let done = false
    const hydrated = () => {
      if (done) return
      done = true
      document.documentElement.dataset.hydrated = 'true'
      hydratedNow()
      // Installable and offline (issue 23): after the page is interactive, never before.
      registerServiceWorker(boot.user?.id ?? null)
      resolve()
    }
    // In a transition, hydration is done in slices that yield to the browser (5 ms each) instead
    // of one long task: the page answers a tap sooner on a slow phone (issue 21 §5).
    const root = document.getElementById('root')!
    const app = <App boot={boot} messages={messages} Page={Page} onHydrated={hydrated} />
    // Drawn afresh for the person: the server's HTML (a visitor's frame) is replaced, not hydrated.
    if (person) return createRoot(root).render(app)
    startTransition(() => {
      hydrateRoot(root, app)
    })
  })
}
