import { translator } from '../api'

/**
 * The quiet notices of the service worker (issue 23 §1, §6): "offline, this is the page as it
 * was", gone when the network returns; "a new version is ready" with a reload button. Plain DOM
 * at the bottom of the page, outside React's tree, so they never disturb hydration.
 */
function notice(id: string, text: string, action?: { label: string; run: () => void }) {
  document.getElementById(id)?.remove()
  const el = document.createElement('div')
  el.id = id
  el.className = 'pwa-notice'
  el.setAttribute('role', 'status')
  el.dataset.testid = id
  const p = document.createElement('span')
  p.textContent = text
  el.appendChild(p)
  if (action) {
    const b = document.createElement('button')
    b.type = 'button'
    b.className = 'button button-primary'
    b.textContent = action.label
    b.addEventListener('click', action.run, { once: true })
    el.appendChild(b)
  }
  document.body.appendChild(el)
  return el
}

export function showOffline() {
  const t = translator()
  const el = notice('offline-notice', t('offline.notice'))
  addEventListener(
    'online',
    () => {
      el.querySelector('span')!.textContent = t('offline.back_online')
      setTimeout(() => el.remove(), 4000)
    },
    { once: true },
  )
}

/**
 * How long Reload waits for the new version to take over. Chromium parks a new version told to
 * take over when a request reaches the old one at that moment (it restarts the old one; the new
 * one stays waiting, skipWaiting again does nothing, and even a reload then hangs until the
 * parked worker gives up, minutes later: w3c/ServiceWorker#1295, decision 057, seen in e2e/pwa).
 */
const RELOAD_ANYWAY_MS = 6000

export function offerUpdate(reg: ServiceWorkerRegistration, userId: number | null) {
  const t = translator()
  const el = notice('update-notice', t('offline.update_ready'), {
    label: t('offline.update_reload'),
    run: () => {
      el.querySelector('button')?.setAttribute('aria-busy', 'true')
      let reloading = false
      const reload = () => {
        if (reloading) return
        reloading = true
        clearInterval(again)
        window.location.reload()
      }
      navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true })
      // Told again every second: the version told can be replaced before it takes over (another
      // update check found newer bytes: it goes 'redundant' and no controller ever changes); then
      // the one waiting now is told. With none left to wait for, the reload alone brings the page
      // up to date.
      const tell = () => {
        const next = reg.waiting ?? reg.installing
        if (!next) return reload()
        next.postMessage({ type: 'SKIP_WAITING' })
      }
      const again = setInterval(tell, 1000)
      tell()
      // Still parked: the worker is unregistered (this page's next load comes from the network and
      // registers the new version afresh; the caches are the origin's and stay), the device's
      // reminders carried over first (./push.ts carryOver).
      setTimeout(() => {
        if (reloading) return
        clearInterval(again)
        const carried = import('./push').then((m) => m.carryOver(reg, userId)).catch(() => {})
        void carried.then(() => reg.unregister()).finally(reload)
      }, RELOAD_ANYWAY_MS)
    },
  })
}
