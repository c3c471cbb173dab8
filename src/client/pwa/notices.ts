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

export function offerUpdate(reg: ServiceWorkerRegistration) {
  const t = translator()
  notice('update-notice', t('offline.update_ready'), {
    label: t('offline.update_reload'),
    run: () => {
      let reloading = false
      const reload = () => {
        if (reloading) return
        reloading = true
        window.location.reload()
      }
      navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true })
      // The version told to take over can be replaced before it does (another update check found
      // newer bytes: it goes 'redundant' and no controller ever changes); then the newer one is
      // told. With none left to wait for, the reload alone brings the page up to date.
      const tell = () => {
        const next = reg.waiting ?? reg.installing
        if (!next) return reload()
        next.addEventListener('statechange', () => next.state === 'redundant' && tell())
        next.postMessage({ type: 'SKIP_WAITING' })
      }
      tell()
    },
  })
}
