import type { SubscribePageData } from '#shared/contract/payments'
import { formatMoney } from '#shared/catalogue'
import { INCLUDED_SESSIONS_PER_MONTH } from '#shared/limits'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { Offer } from './Offer'
import './payments.css'

/**
 * /subscribe (SPEC §2): neither success nor error → the offer; error → the error view;
 * success → the thanks view; anything else → 'Something wrong happened'.
 */
export default function Subscribe({ data }: PageProps<SubscribePageData>) {
  const { t, href, locale } = usePage()
  if (data.view === 'offer') {
    return (
      <div className="pay-wide" data-testid="subscribe-offer">
        <h1>{t('payments.subscribe.offer_title')}</h1>
        <Offer offer={data.offer} mobile={data.mobile} subscribed={data.subscriber} />
      </div>
    )
  }
  const view = {
    success: {
      icon: '✓',
      ok: true,
      title: t('payments.subscribe.success_title'),
      lead: t('payments.subscribe.success_lead'),
    },
    error: {
      icon: '!',
      ok: false,
      title: t('payments.subscribe.error_title'),
      lead: t('payments.subscribe.error_lead'),
    },
    unknown: {
      icon: '?',
      ok: false,
      title: t('payments.subscribe.unknown_title'),
      lead: t('payments.subscribe.unknown_lead'),
    },
  }[data.view]
  return (
    <section className="pay-page" data-testid={`subscribe-${data.view}`}>
      <p className={`pay-icon${view.ok ? ' pay-icon-ok' : ''}`} aria-hidden="true">
        {view.icon}
      </p>
      <h1>{view.title}</h1>
      <p className="pay-lead">{view.lead}</p>
      {data.view === 'success' && (
        <p className="pay-line" data-testid="subscribe-result">
          {data.subscriber
            ? t('payments.subscribe.success_subscriber', { count: INCLUDED_SESSIONS_PER_MONTH })
            : t('payments.subscribe.success_credits', { credits: formatMoney(Math.round(data.credits * 100), locale) })}
        </p>
      )}
      <div className="pay-actions">
        {data.view === 'success' && (
          <a className="button button-primary" href={href('journey')}>
            {t('payments.subscribe.continue')}
          </a>
        )}
        {data.view === 'error' && (
          <a className="button button-primary" href={href('subscription')} data-testid="subscribe-retry">
            {t('payments.subscribe.try_again')}
          </a>
        )}
        {data.view === 'unknown' && (
          <a className="button button-primary" href={href('contact')}>
            {t('payments.subscribe.contact')}
          </a>
        )}
        <a className="button" href={href('subscription')}>
          {t('payments.subscribe.my_subscription')}
        </a>
      </div>
    </section>
  )
}
