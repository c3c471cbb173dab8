import { useEffect, useRef, useState } from 'react'
import { useStore } from '@nanostores/react'
import { usePage } from '#client/app/context.tsx'
import { $consent, OPEN_CONSENT, markChosen, readConsent, saveConsent, takeOpenAsked } from './consent'
import { applyConsent } from './vendors'
import './consent.css'

/**
 * The cookie banner (issue 8 §5): accept, reject or choose, in the page's language. Shown until
 * the person chooses, and again from the footer's 'Cookie settings'. Strictly necessary storage
 * (the session, the time zone, this choice) needs no consent; the rest waits for it.
 */
/**
 * Pages the banner never covers by itself (issue 34 "Care"): help in a crisis and the offline page.
 * Nothing on them waits for consent; the footer's 'Cookie settings' still opens the choice.
 */
const QUIET_PAGES = new Set(['help', 'offline'])

export function ConsentBanner() {
  const { t, href, boot } = usePage()
  const consent = useStore($consent)
  // Rendered open by the server for whoever has not chosen, so it paints with the page.
  const [open, setOpen] = useState(boot.consentAsked && !QUIET_PAGES.has(boot.page))
  const [choosing, setChoosing] = useState(false)
  const [analytics, setAnalytics] = useState(false)
  const [ads, setAds] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const box = useRef<HTMLElement>(null)

  useEffect(() => {
    const stored = readConsent()
    $consent.set(stored)
    // The server asks (boot.consentAsked) whoever has not chosen; a choice kept here that it did
    // not know of (made before the cookie existed) is told to it. Without a choice kept here but
    // with the cookie (storage cleared), nothing is asked again and no vendor loads until the
    // person chooses from the footer's 'Cookie settings'.
    if (stored && boot.consentAsked) {
      markChosen()
      setOpen(false)
    }
    const reopen = () => {
      takeOpenAsked()
      const c = readConsent()
      setAnalytics(!!c?.analytics)
      setAds(!!c?.ads)
      setChoosing(true)
      setOpen(true)
      window.setTimeout(() => heading.current?.focus(), 0)
    }
    window.addEventListener(OPEN_CONSENT, reopen)
    if (takeOpenAsked()) reopen()
    return () => window.removeEventListener(OPEN_CONSENT, reopen)
  }, [boot.consentAsked])

  useEffect(() => {
    applyConsent(consent, boot)
  }, [consent, boot])

  // While it shows, the page keeps room below for it (styles: --consent-space): its end can be
  // scrolled above the banner and what is focused or scrolled to stops above it, so it never
  // hides a page's main action (the booking's 'Reservar la sesión').
  useEffect(() => {
    const root = document.documentElement
    const el = box.current
    if (!open || !el) return
    const measure = () => {
      const top = el.getBoundingClientRect().top
      root.style.setProperty('--consent-space', `${Math.max(0, Math.ceil(window.innerHeight - top) + 8)}px`)
    }
    measure()
    const seen = new ResizeObserver(measure)
    seen.observe(el)
    window.addEventListener('resize', measure)
    return () => {
      seen.disconnect()
      window.removeEventListener('resize', measure)
      root.style.removeProperty('--consent-space')
    }
  }, [open, choosing])

  if (!open) return null
  const decide = (choice: { analytics: boolean; ads: boolean }) => {
    saveConsent(choice)
    setOpen(false)
    setChoosing(false)
  }
  /** One optional kind of cookie: its switch, its name and what it is for. */
  const switchFor = (kind: 'analytics' | 'ads', checked: boolean, set: (v: boolean) => void) => (
    <label className="consent-choice">
      <input
        type="checkbox"
        name={kind}
        checked={checked}
        onChange={(e) => set(e.target.checked)}
        data-testid={`consent-${kind}`}
      />
      <span>
        <strong>{t(`consent.${kind}`)}</strong> {t(`consent.${kind}_body`)}
      </span>
    </label>
  )
  return (
    <section
      ref={box}
      className={choosing ? 'consent consent-choosing' : 'consent'}
      role="dialog"
      aria-modal="false"
      aria-labelledby="consent-title"
      data-testid="consent-banner"
    >
      <h2 id="consent-title" tabIndex={-1} ref={heading}>
        {t('consent.title')}
      </h2>
      <p>
        {/* A phone shows the short text, so the banner stays a small bar (consent.css). */}
        <span className="consent-long">{t('consent.body')}</span>
        <span className="consent-short">{t('consent.short')}</span> <a href={href('cookies')}>{t('consent.more')}</a>
      </p>
      {choosing && (
        <fieldset className="consent-choices">
          <legend className="visually-hidden">{t('consent.choose')}</legend>
          <label className="consent-choice">
            <input type="checkbox" checked disabled />
            <span>
              <strong>{t('consent.necessary')}</strong> {t('consent.necessary_body')}
            </span>
          </label>
          {switchFor('analytics', analytics, setAnalytics)}
          {switchFor('ads', ads, setAds)}
        </fieldset>
      )}
      <div className="consent-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => decide({ analytics: true, ads: true })}
          data-testid="consent-accept"
        >
          {t('consent.accept')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => decide({ analytics: false, ads: false })}
          data-testid="consent-reject"
        >
          {t('consent.reject')}
        </button>
        {choosing ? (
          <button
            type="button"
            className="button"
            onClick={() => decide({ analytics, ads })}
            data-testid="consent-save"
          >
            {t('consent.save')}
          </button>
        ) : (
          <button type="button" className="button" onClick={() => setChoosing(true)} data-testid="consent-choose">
            {t('consent.choose')}
          </button>
        )}
      </div>
    </section>
  )
}
