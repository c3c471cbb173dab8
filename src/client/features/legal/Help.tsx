import { Fragment, type ReactNode } from 'react'
import type { HelpPageData } from '#shared/contract/legal'
import { crisisCountriesInOrder, smsHref, type CrisisCountry, type CrisisNumber } from '#shared/crisis-lines'
import type { Locale, Translate } from '#shared/i18n/index'
import { usePage, type PageProps } from '#client/app/context.tsx'
import './legal.css'
import { LineIcon } from '#client/components/LineIcon.tsx'
import { SafetyPlan } from './SafetyPlan'

/**
 * Help in a crisis (issue 8 §6): the emergency number and the crisis lines of the person's
 * country first, then every other country. Server-rendered plain links: it works without
 * JavaScript and without an account.
 */
export default function Help({ data, boot }: PageProps<HelpPageData>) {
  const { t, locale, href } = usePage()
  const countries = crisisCountriesInOrder(data.first)
  const firsts = countries.slice(0, data.first.length)
  const others = countries.slice(data.first.length)
  const emergencies = firsts.map((c) => ({ country: c, n: c.emergency[0]! }))
  const why =
    data.from === 'user'
      ? t('help.first_from_user')
      : data.from === 'request'
        ? t('help.first_from_request')
        : t('help.first_from_language', {
            countries: firsts.map((c) => c.name[locale]).join(locale === 'es' ? ' y ' : ' and '),
          })
  return (
    <article className="help" data-testid="help-page">
      <header className="help-head">
        <h1>{boot.title}</h1>
        <p className="help-lead">{t('help.lead')}</p>
      </header>

      <section className="help-danger" aria-label={t('help.emergency')} data-testid="help-danger">
        <p>
          {sentence(
            t,
            'help.danger',
            'emergency',
            <>
              {emergencies.map(({ country, n }, i) => (
                <Fragment key={country.code}>
                  {i > 0 && t('help.or')}
                  <a href={`tel:${n.tel}`}>
                    <strong>{n.number}</strong>
                  </a>
                  {emergencies.length > 1 && <> ({country.name[locale]})</>}
                </Fragment>
              ))}
            </>,
          )}
        </p>
      </section>

      <p className="help-to-plan">
        <a href="#safety-plan" data-testid="help-to-safety-plan">
          {t('care.plan.link')}
        </a>
      </p>

      <p className="help-why">{why}</p>
      {firsts.map((c) => (
        <Country key={c.code} country={c} locale={locale} t={t} first />
      ))}

      <section className="help-breathe" aria-labelledby="help-breathe-title">
        <h2 id="help-breathe-title">{t('help.breathe_title')}</h2>
        <p>{t('help.breathe')}</p>
      </section>

      <SafetyPlan country={firsts[0]} />

      <h2 className="help-others-title">{t('help.others')}</h2>
      {others.map((c) => (
        <Country key={c.code} country={c} locale={locale} t={t} />
      ))}
      <p className="help-note">{t('help.not_listed')}</p>
      <p className="help-note">{t('help.not_emergency')}</p>
      <p>
        <a href={href(boot.user ? 'journey' : 'home')}>{t('help.back')}</a>
      </p>
    </article>
  )
}

/** A message with one placeholder replaced by an element (a link inside a sentence). */
function sentence(t: Translate, key: 'help.danger', name: string, node: ReactNode): ReactNode {
  const marker = '\u0000'
  const [before, after] = t(key, { [name]: marker }).split(marker)
  return (
    <>
      {before}
      {node}
      {after}
    </>
  )
}

function Country({
  country,
  locale,
  t,
  first = false,
}: {
  country: CrisisCountry
  locale: Locale
  t: Translate
  first?: boolean
}) {
  const headingId = `help-${country.code.toLowerCase()}`
  return (
    <section
      className={`help-country${first ? ' help-country-first' : ''}`}
      aria-labelledby={headingId}
      data-testid="help-country"
      data-country={country.code}
    >
      <h2 id={headingId} className={first ? undefined : 'help-country-name'}>
        {country.name[locale]}
      </h2>
      <ul className="help-lines">
        {country.emergency.map((n) => (
          <Line key={`e${n.tel}`} n={n} locale={locale} t={t} emergency />
        ))}
        {country.lines.map((n) => (
          <Line key={n.tel} n={n} locale={locale} t={t} />
        ))}
      </ul>
    </section>
  )
}

function Line({
  n,
  locale,
  t,
  emergency = false,
}: {
  n: CrisisNumber
  locale: Locale
  t: Translate
  emergency?: boolean
}) {
  return (
    <li
      className={`help-line${emergency ? ' help-line-emergency' : ''}`}
      data-testid={emergency ? 'help-emergency' : 'help-line'}
    >
      <div className="help-line-text">
        <strong>{n.name[locale]}</strong>
        {n.note && <span>{n.note[locale]}</span>}
      </div>
      <div className="help-line-actions">
        {!n.textOnly && (
          <a
            className={`button${emergency ? ' button-emergency' : ' button-primary'}`}
            href={`tel:${n.tel}`}
            aria-label={`${t('help.call', { number: n.number })}: ${n.name[locale]}`}
          >
            <PhoneIcon />
            {n.number}
          </a>
        )}
        {n.sms && (
          <a
            className="button"
            href={smsHref(n.sms)}
            aria-label={`${n.sms.body ? t('help.text_word', { word: n.sms.body, number: n.sms.to }) : t('help.text', { number: n.sms.to })}: ${n.name[locale]}`}
          >
            <TextIcon />
            {n.sms.body
              ? t('help.text_word', { word: n.sms.body, number: n.sms.to })
              : t('help.text', { number: n.sms.to })}
          </a>
        )}
      </div>
    </li>
  )
}

function PhoneIcon() {
  return (
    <LineIcon size={18} weight={2}>
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
    </LineIcon>
  )
}

function TextIcon() {
  return (
    <LineIcon size={18} weight={2}>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </LineIcon>
  )
}
