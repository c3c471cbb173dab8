import { useState } from 'react'
import type { HomePageData } from '#shared/contract/site'
import { DELAYS_MS } from '#shared/limits'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { Accordion } from '#client/components/Accordion.tsx'
import { Carousel } from '#client/components/Carousel.tsx'
import { RouteCard } from '#client/features/content/RouteCard.tsx'

/** SPEC §2: the 3-step explanation. */
const STEPS = [
  ['home.step1', 'home.step1_body'],
  ['home.step2', 'home.step2_body'],
  ['home.step3', 'home.step3_body'],
] as const

/** The landing page (SPEC §2 "/"): hero, problem and solution, routes, steps, testimonials, FAQ. */
export default function Home({ data }: PageProps<HomePageData>) {
  const { t, href, messages } = usePage()
  const { faq, testimonials } = messages.home
  const [banner, setBanner] = useState(true)
  const cta = href('insomniaLanding', { query: { utm_source: 'landing', utm_medium: 'hero' } })
  return (
    <div className="home">
      <section className="hero">
        <h1>{t('home.hero_title')}</h1>
        <p>{t('home.hero_body')}</p>
        <a className="button button-primary" href={cta} data-testid="hero-cta">
          {t('home.cta')}
        </a>
        <p className="social-proof">{t('home.social_proof')}</p>
      </section>
      <section className="two-blocks">
        <div>
          <h2>{t('home.problem_title')}</h2>
          <p>{t('home.problem_body')}</p>
        </div>
        <div>
          <h2>{t('home.solution_title')}</h2>
          <p>{t('home.solution_body')}</p>
        </div>
      </section>
      <section>
        <h2>{t('home.routes_title')}</h2>
        <Carousel
          label={t('home.routes_title')}
          autoplayMs={DELAYS_MS.carousel}
          items={data.routes.map((r) => (
            <RouteCard key={r.id} route={r} />
          ))}
        />
      </section>
      <section>
        <h2>{t('home.steps_title')}</h2>
        <ol className="steps">
          {STEPS.map(([title, body]) => (
            <li key={title}>
              <strong>{t(title)}</strong>
              <p>{t(body)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section>
        <h2>{t('home.testimonials_title')}</h2>
        <Carousel
          className="testimonials"
          label={t('home.testimonials_title')}
          autoplayMs={DELAYS_MS.testimonials}
          items={testimonials.map((x) => (
            <blockquote key={x.name}>
              <p>“{x.text}”</p>
              <footer>{x.name}</footer>
            </blockquote>
          ))}
        />
      </section>
      <section>
        <h2>{t('home.faq_title')}</h2>
        <Accordion items={faq} />
      </section>
      {banner && (
        <div className="floating-banner">
          <a href={href('anxietyLanding')}>{t('home.banner')}</a>
          <button
            type="button"
            onClick={() => setBanner(false)}
            aria-label={t('frame.close')}
            data-testid="banner-close"
          >
            ×
          </button>
        </div>
      )}
    </div>
  )
}
