import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { usePage } from '#client/app/context.tsx'
import './forms.css'

// Cloudflare Turnstile (issue 3 §5). Production loads Cloudflare's script (allowed by the CSP)
// and renders the widget explicitly. Local and test runs with Turnstile's documented test site
// keys render a stand-in instead: this machine has no network, and the server answers those
// keys locally. The stand-in hands out the documented dummy token with a unique suffix, because
// the server refuses a token it has already seen (replay), exactly as Turnstile does.

const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
const DUMMY = 'XXXX.DUMMY.TOKEN.XXXX'

interface TurnstileApi {
  render(el: HTMLElement, opts: Record<string, unknown>): string
  reset(id: string): void
  remove(id: string): void
}
declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

let scriptPromise: Promise<TurnstileApi> | null = null
function loadScript(): Promise<TurnstileApi> {
  scriptPromise ??= new Promise((resolve, reject) => {
    if (window.turnstile) return resolve(window.turnstile)
    const s = document.createElement('script')
    s.src = SCRIPT
    s.async = true
    s.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('turnstile missing')))
    s.onerror = () => {
      scriptPromise = null
      reject(new Error('turnstile failed to load'))
    }
    document.head.appendChild(s)
  })
  return scriptPromise
}

/** Turnstile's documented test site keys start like this (1x always passes, 2x fails, 3x asks). */
const isTestKey = (key: string) => /^[123]x0{20}AA$/.test(key)

function dummyToken() {
  const r = crypto.getRandomValues(new Uint8Array(12))
  return `${DUMMY}.${Array.from(r, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

export interface Captcha {
  /** The current token, or null while there is none (not solved yet, expired, used). */
  token: string | null
  /** Ask for a fresh token: call after every submit, a token works once. */
  reset: () => void
  /** The widget to place in the form. */
  widget: ReactNode
}

/**
 * The captcha's token for this send, or null once the form says it is missing (the message of a
 * form the captcha guards is cleared either way).
 */
export function captchaToken(
  captcha: Captcha,
  form: { setAlert: (message: string | null) => void },
  t: (key: 'accounts.errors.captcha_missing') => string,
): string | null {
  form.setAlert(captcha.token ? null : t('accounts.errors.captcha_missing'))
  return captcha.token
}

/** A captcha for one form. */
export function useCaptcha(): Captcha {
  const { boot, locale, t } = usePage()
  const local = (boot.env === 'local' || boot.env === 'test') && isTestKey(boot.turnstileSiteKey)
  const [token, setToken] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const widgetId = useRef<string | null>(null)

  useEffect(() => {
    if (local) {
      setToken(dummyToken())
      return
    }
    let cancelled = false
    loadScript()
      .then((ts) => {
        if (cancelled || !box.current) return
        widgetId.current = ts.render(box.current, {
          sitekey: boot.turnstileSiteKey,
          language: locale,
          callback: (tok: string) => setToken(tok),
          'expired-callback': () => setToken(null),
          'error-callback': () => setFailed(true),
        })
      })
      .catch(() => setFailed(true))
    return () => {
      cancelled = true
      if (widgetId.current) window.turnstile?.remove(widgetId.current)
      widgetId.current = null
    }
  }, [local, boot.turnstileSiteKey, locale])

  const reset = useCallback(() => {
    if (local) {
      setToken(dummyToken())
      return
    }
    setToken(null)
    if (widgetId.current) window.turnstile?.reset(widgetId.current)
  }, [local])

  const widget = local ? (
    <div
      className={`captcha captcha-local${token ? ' captcha-ok' : ''}`}
      data-testid="captcha"
      role="group"
      aria-label={t('accounts.captcha.label')}
    >
      <span aria-hidden="true">{token ? '✓' : '…'}</span>{' '}
      {token ? t('accounts.captcha.local') : t('accounts.captcha.loading')}
    </div>
  ) : (
    <div className="captcha" data-testid="captcha" role="group" aria-label={t('accounts.captcha.label')}>
      <div ref={box} />
      {failed && <p className="field-error">{t('accounts.captcha.failed')}</p>}
    </div>
  )
  return { token, reset, widget }
}
