import { useState } from 'react'
import type { OfferItemDto } from '#shared/contract/payments'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm, useHydrated } from '#client/components/forms.tsx'

const { paymentLink } = contract(() => import('#shared/contract/payments'))

/** Asks for the payment link of `item` and goes there (Stripe's checkout; locally the dev checkout). */
function useBuy() {
  const form = useForm()
  const [chosen, setChosen] = useState<string | null>(null)
  async function buy(item: OfferItemDto['id']) {
    setChosen(item)
    // Busy until the checkout opens: the page is being left.
    const res = await form.send(() => call(paymentLink, { input: { item } }), { keepBusy: true })
    if (res) window.location.assign(res.link)
  }
  return { busy: form.busy ? chosen : null, buy }
}

/**
 * The monthly and yearly plans, and the pay-as-you-go packs (SPEC §9 figures, from the server's
 * catalogue). On a mobile device the plans give way to SPEC §6's notice; packs stay.
 */
export function Offer({ offer, mobile, subscribed }: { offer: OfferItemDto[]; mobile: boolean; subscribed: boolean }) {
  const { t } = usePage()
  const hydrated = useHydrated()
  const { busy, buy } = useBuy()
  const plans = offer.filter((o) => o.kind === 'subscription')
  const packs = offer.filter((o) => o.kind === 'credits')
  /** A plan's or a pack's button: it opens the checkout, and says so while the link is asked for. */
  const buyButton = (id: OfferItemDto['id'], label: string, className: string) => (
    <button
      type="button"
      className={className}
      disabled={!hydrated || !!busy}
      onClick={() => buy(id)}
      data-testid={`buy-${id}`}
    >
      {busy === id ? t('payments.page.opening') : label}
    </button>
  )
  return (
    <>
      <section className="pay-section" aria-labelledby="pay-plans">
        <h2 id="pay-plans">{t('payments.page.plans_title')}</h2>
        {mobile ? (
          <p className="pay-notice" data-testid="subscriptions-mobile">
            {t('errors.subscriptions_mobile')} {t('payments.page.mobile_note')}
          </p>
        ) : (
          <div className="pay-grid">
            {plans.map((p) => (
              <article
                key={p.id}
                className={`pay-offer${p.interval === 'year' ? ' pay-offer-featured' : ''}`}
                data-testid={`offer-${p.id}`}
              >
                {p.interval === 'year' && (
                  <span className="pay-tag">{t('payments.page.months_free', { count: p.months_free })}</span>
                )}
                <h3>{p.title}</h3>
                <p className="pay-price">
                  {p.price_label}{' '}
                  <small>/ {t(p.interval === 'year' ? 'payments.per_year' : 'payments.per_month')}</small>
                </p>
                <p className="pay-desc">{p.description}</p>
                <ul className="pay-benefits">
                  <li>{t('payments.page.sessions_month', { count: p.sessions })}</li>
                  {p.savings_label && <li>{t('payments.page.save', { amount: p.savings_label })}</li>}
                </ul>
                {!subscribed && buyButton(p.id, t('payments.page.subscribe'), 'button button-primary button-block')}
              </article>
            ))}
          </div>
        )}
      </section>
      <section className="pay-section" aria-labelledby="pay-topup">
        <h2 id="pay-topup">{t('payments.page.topup_title')}</h2>
        <p className="pay-muted">{t('payments.page.topup_lead')}</p>
        <div className="pay-grid pay-grid-3">
          {packs.map((p) => (
            <article key={p.id} className="pay-offer pay-offer-small" data-testid={`offer-${p.id}`}>
              <h3>{p.title}</h3>
              <p className="pay-price">{p.price_label}</p>
              {p.savings_label ? (
                <p className="pay-save">{t('payments.page.save', { amount: p.savings_label })}</p>
              ) : (
                <p className="pay-save" aria-hidden="true">
                  &nbsp;
                </p>
              )}
              {buyButton(p.id, t('payments.page.buy'), 'button button-block')}
            </article>
          ))}
        </div>
        <p className="pay-muted pay-small">{t('payments.page.secure')}</p>
      </section>
    </>
  )
}
