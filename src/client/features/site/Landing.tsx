import { degreeName, languageNames } from '#client/components/words.ts'
import { useEffect, useState } from 'react'
import type { LandingPageData } from '#shared/contract/site'
import type { PlanCategory } from '#shared/enums'
import { LANDING_ROUTE, LANDING_UTM } from '#shared/landings'
import { STICKY_BUTTON_PX } from '#shared/limits'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { Accordion } from '#client/components/Accordion.tsx'
import { notify } from '#client/stores/toasts.ts'
import { writeLocal } from '#client/stores/session.ts'
import { ProviderButtons } from '#client/features/users/ProviderButtons.tsx'
import { RegisterForm } from '#client/features/users/RegisterForm.tsx'
import { KitPlayer } from './KitPlayer'
import './landing.css'

/**
 * The two landings (SPEC §2): a promise, a register form with no password and no sign-in
 * (the insomnia one without a name either, with social sign-in and the kit's consent text),
 * testimonials, FAQ and psychologists; a sticky button on phones after 100 px of scroll; on
 * success a notification, the kit mail, and after 3 s the landing's route. The insomnia landing
 * sets agency adconver and category insomnia (SPEC §9).
 */
export function Landing({ data, category }: PageProps<LandingPageData> & { category: PlanCategory }) {
  const { t, href, locale, messages } = usePage()
  const copy = messages.landing[category]
  const [sticky, setSticky] = useState(false)
  const [done, setDone] = useState(false)
  const route = href('route', { slug: LANDING_ROUTE[category][locale] })

  useEffect(() => {
    const { agency } = LANDING_UTM[category]
    if (agency) writeLocal('agency', agency)
    const onScroll = () => setSticky(window.scrollY > STICKY_BUTTON_PX)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [category])

  const insomnia = category === 'insomnia'
  return (
    <div className={`landing landing-${category}`}>
      <section className="landing-hero">
        <div className="landing-copy">
          <p className="eyebrow">{copy.eyebrow}</p>
          <h1>{copy.title}</h1>
          <p className="lead">{copy.body}</p>
          <ul className="landing-points">
            {copy.points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          <p className="landing-proof">
            <strong>{t('landing.free')}</strong> · {t('landing.social_proof')}
          </p>
          {insomnia && (
            <div className="landing-audio">
              <h2>{t('landing.insomnia.audio_title')}</h2>
              <p>{t('landing.insomnia.audio_body')}</p>
              <KitPlayer src={`/audio/kit-sample-${locale}.mp3`} title={t('landing.insomnia.audio_title')} />
            </div>
          )}
        </div>
        <div className="landing-form" id="landing-form">
          <h2>{copy.form_title}</h2>
          {insomnia && !done && (
            <>
              <ProviderButtons redirect={href('insomniaThanks')} />
              <p className="landing-or">{t('landing.or_email')}</p>
            </>
          )}
          <RegisterForm
            withName={!insomnia}
            withPassword={false}
            category={category}
            consentKind={insomnia ? 'landing_kit' : 'registration'}
            consentText={insomnia ? t('landing.insomnia.consent') : undefined}
            consentVersion={insomnia ? 'landing-kit-2026-11' : undefined}
            submitLabel={copy.submit}
            redirectTo={route}
            note={<p className="landing-note">{copy.note}</p>}
            onDone={() => {
              setDone(true)
              notify(copy.success, 'success')
            }}
          />
        </div>
      </section>

      <section className="landing-section">
        <h2>{t('landing.testimonials_title')}</h2>
        <div className="landing-testimonials">
          {messages.landing.testimonials.map((x) => (
            <blockquote key={x.name}>
              <p>“{x.text}”</p>
              <footer>{x.name}</footer>
            </blockquote>
          ))}
        </div>
      </section>

      {data.psychologists.length > 0 && (
        <section className="landing-section">
          <h2>{t('landing.psychologists_title')}</h2>
          <p>{t('landing.psychologists_body')}</p>
          <ul className="landing-psychologists" data-testid="landing-psychologists">
            {data.psychologists.map((p) => (
              <li key={p.id}>
                <span className="avatar" aria-hidden="true">
                  {(p.name ?? '?').charAt(0)}
                </span>
                <span>
                  <strong>{p.name}</strong>
                  {p.degree && <span className="meta">{degreeName(t, p.degree)}</span>}
                  {p.speaks_in.length > 0 && (
                    <span className="meta">
                      {t('landing.speaks', { languages: languageNames(p.speaks_in, locale) })}
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="landing-section">
        <h2>{t('landing.faq_title')}</h2>
        <Accordion items={messages.landing.faq} />
      </section>

      {!done && (
        <a
          className={`button button-primary landing-sticky${sticky ? ' landing-sticky-on' : ''}`}
          href="#landing-form"
          data-testid="landing-sticky"
          aria-hidden={!sticky}
          tabIndex={sticky ? 0 : -1}
        >
          {copy.sticky}
        </a>
      )}
    </div>
  )
}
