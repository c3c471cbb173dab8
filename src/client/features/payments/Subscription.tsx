import { useState } from 'react'
import type { SubscriptionPageData, TransactionDto } from '#shared/contract/payments'
import { formatMoney } from '#shared/catalogue'
import { COOLDOWNS_MS, SESSION_PRICE_CENTS } from '#shared/limits'
import type { MessageKey } from '#shared/i18n/index'
import { call, contract } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { FormAlert } from '#client/components/Field.tsx'
import { formatDate } from '#client/components/dates.ts'
import { useForm, useHydrated } from '#client/components/forms.tsx'
import { notify } from '#client/stores/toasts.ts'
import { Offer } from './Offer'
import './payments.css'

const { cancelMySubscription, myTransactions, requestRefund } = contract(() => import('#shared/contract/payments'))

const REASONS = [
  'subscription',
  'topup',
  'refund',
  'subscription_grant',
  'appointment_booking',
  'appointment_refund',
  'admin_adjustment',
  'seed',
  'refund_undone',
] as const
const TX_STATUS = ['succeeded', 'failed', 'refunded', 'pending', 'credited', 'debited'] as const

/** 'My Subscription and Credits' (SPEC §2): plans, top-up, renewal, refund request, history. */
export default function Subscription({ data, boot }: PageProps<SubscriptionPageData>) {
  const { t, href, locale } = usePage()
  const hydrated = useHydrated()
  const [mine, setMine] = useState(data.mine)
  const [rows, setRows] = useState<TransactionDto[]>(data.transactions)
  const [page, setPage] = useState(data.pagination)
  const [sure, setSure] = useState(false)
  const { busy, send } = useForm()
  const date = (iso: string) => formatDate(iso, boot, { dateStyle: 'long' })
  // Date and time (toLocaleDateString, behind formatDate, refuses timeStyle).
  const when = (iso: string) =>
    new Date(iso).toLocaleString(locale === 'es' ? 'es-ES' : 'en-GB', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: boot.timeZone,
    })
  const money = (dollars: number) => formatMoney(Math.round(dollars * 100), locale)
  const current = mine.subscriptions[0]
  const active = mine.subscriptions.find((s) => s.status === 1)

  async function stopRenewal() {
    const res = await send(() => call(cancelMySubscription, { input: active ? { id: active.id } : {}, silent: true }), {
      onRefusal: (refused) => notify(`${t('payments.cancel_error')} ${refused.message ?? ''}`.trim(), 'danger'),
    })
    setSure(false)
    if (!res) return
    notify(t('payments.cancelled'), 'success')
    setMine({
      subscriptions: res.subscriptions,
      credits: res.credits,
      subscriber: res.subscriber,
      last_refund_request: res.last_refund_request,
    })
  }

  async function more() {
    const res = await call(myTransactions, { input: { page: page.current_page + 1, per_page: page.per_page } })
    if (!res.success) return
    setRows((r) => [...r, ...res.transactions])
    setPage(res.pagination)
  }

  const reasonText = (r: TransactionDto) =>
    r.kind === 'credit' && (r.reason === 'topup' || r.reason === 'refund')
      ? t(`payments.page.reason.credit_${r.reason}` as MessageKey)
      : t(
          `payments.page.reason.${(REASONS as readonly string[]).includes(r.reason) ? r.reason : 'other'}` as MessageKey,
        )
  const statusText = (s: string) =>
    (TX_STATUS as readonly string[]).includes(s) ? t(`payments.page.tx_status.${s}` as MessageKey) : s
  const sessions = Math.floor((mine.credits * 100) / SESSION_PRICE_CENTS)

  return (
    <div className="pay-wide" data-testid="subscription-page">
      <h1>{t('pages.subscription')}</h1>
      <p className="pay-muted">{t('payments.page.lead')}</p>

      <div className="pay-grid">
        <section className="pay-box" aria-labelledby="pay-status" data-testid="my-subscription">
          <h2 id="pay-status">
            {t('payments.page.status_title')}
            {mine.subscriber && (
              <span className="pay-badge" data-testid="subscriber-badge">
                {t('payments.page.subscriber')}
              </span>
            )}
          </h2>
          {!current ? (
            <p className="pay-muted">{t('payments.page.no_subscription')}</p>
          ) : (
            <>
              <p className="pay-line">
                <strong>{current.title}</strong>{' '}
                <span
                  className={`pay-state pay-state-${current.status === 1 ? 'on' : 'off'}`}
                  data-testid="subscription-status"
                >
                  {t(current.status === 1 ? 'payments.page.active' : 'payments.page.disabled')}
                </span>
              </p>
              {current.end_at && (
                <p className="pay-line" data-testid="subscription-end">
                  {current.status !== 1
                    ? t('payments.page.ended_on', { date: date(current.end_at) })
                    : current.renews
                      ? t('payments.page.renews_on', { date: date(current.end_at) })
                      : t('payments.page.ends_on', { date: date(current.end_at) })}
                </p>
              )}
              {active?.renews &&
                active.end_at &&
                (sure ? (
                  <div className="pay-confirm" role="alertdialog" aria-live="assertive">
                    <p>{t('payments.page.stop_confirm', { date: date(active.end_at) })}</p>
                    <div className="pay-row">
                      <button type="button" className="button" onClick={() => setSure(false)} disabled={busy}>
                        {t('accounts.profile.cancel')}
                      </button>
                      <button
                        type="button"
                        className="button button-danger"
                        onClick={stopRenewal}
                        disabled={busy}
                        data-testid="confirm-stop-renewal"
                      >
                        {t('payments.page.stop_renewal')}
                      </button>
                    </div>
                  </div>
                ) : (
                  <button
                    type="button"
                    className="button"
                    onClick={() => setSure(true)}
                    disabled={!hydrated}
                    data-testid="stop-renewal"
                  >
                    {t('payments.page.stop_renewal')}
                  </button>
                ))}
            </>
          )}
        </section>

        <section className="pay-box" aria-labelledby="pay-credits" data-testid="my-credits">
          <h2 id="pay-credits">{t('payments.page.credits_title')}</h2>
          <p className="pay-balance" data-testid="credits-balance">
            {money(mine.credits)}
          </p>
          <p className="pay-line" data-testid="credits-sessions">
            {t('payments.page.credits_sessions', { count: sessions })}
          </p>
          <p className="pay-muted pay-small">
            {t('payments.page.credits_note', { price: formatMoney(SESSION_PRICE_CENTS, locale) })}
          </p>
          <a className="button" href={href('appointments')}>
            {t('payments.page.book')}
          </a>
        </section>
      </div>

      <Offer offer={data.offer} mobile={data.mobile} subscribed={!!active} />

      <section className="pay-section" aria-labelledby="pay-history">
        <h2 id="pay-history">{t('payments.page.history_title')}</h2>
        {rows.length === 0 ? (
          <p className="pay-muted">{t('payments.page.history_empty')}</p>
        ) : (
          // Scrolls sideways on a phone: focusable so a keyboard can scroll it, named by the heading (WCAG 2.1.1).
          <div className="pay-table-wrap" tabIndex={0} role="region" aria-labelledby="pay-history">
            <table className="pay-table" data-testid="history">
              <thead>
                <tr>
                  <th scope="col">{t('payments.page.history_date')}</th>
                  <th scope="col">{t('payments.page.history_concept')}</th>
                  <th scope="col">{t('payments.page.history_amount')}</th>
                  <th scope="col">{t('payments.page.history_status')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} data-testid="history-row" data-reason={r.reason}>
                    <td>{date(r.created_at)}</td>
                    <td>{reasonText(r)}</td>
                    <td className={r.kind === 'credit' && r.amount < 0 ? 'pay-neg' : undefined}>
                      {r.kind === 'credit' && r.amount > 0 ? '+' : ''}
                      {money(r.amount)}
                    </td>
                    <td>{statusText(r.status)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {page.current_page < page.last_page && (
          <button type="button" className="button" onClick={more} disabled={!hydrated}>
            {t('payments.page.more')}
          </button>
        )}
      </section>

      <RefundForm
        last={mine.last_refund_request}
        when={when}
        payments={rows.filter((r) => r.kind === 'payment' && r.status === 'succeeded')}
        describe={(r) => `${date(r.created_at)} · ${reasonText(r)} · ${money(r.amount)}`}
        onSent={(r) => setMine((m) => ({ ...m, last_refund_request: r }))}
      />
    </div>
  )
}

/**
 * The refund request names the payment it is about (issue 20 §8): the person picks it among
 * their payments (newest first, the latest chosen), so a complaint about a pack never ends a plan.
 */
function RefundForm({
  last,
  when,
  payments,
  describe,
  onSent,
}: {
  last: SubscriptionPageData['mine']['last_refund_request']
  when: (iso: string) => string
  payments: TransactionDto[]
  describe: (r: TransactionDto) => string
  onSent: (r: NonNullable<SubscriptionPageData['mine']['last_refund_request']>) => void
}) {
  const { t } = usePage()
  const hydrated = useHydrated()
  const [reason, setReason] = useState('')
  const [payment, setPayment] = useState<string>('')
  const chosen = payment || payments[0]?.id || ''
  const form = useForm()
  const { busy } = form
  const error = form.errors.reason ?? null
  // The refusal is the form's message; the thanks stays until the next answer.
  const [sent, setSent] = useState<string | null>(null)
  const alert = form.alert
    ? { text: form.alert, level: 'danger' as const }
    : sent
      ? { text: sent, level: 'success' as const }
      : null

  async function submit() {
    form.setErrors({})
    const transactionId = Number(chosen.replace(/^payment:/, ''))
    const res = await form.send(
      () =>
        call(requestRefund, {
          input: { reason, ...(transactionId > 0 ? { transaction_id: transactionId } : {}) },
          silent: true,
        }),
      {
        onRefusal: (refused) => {
          const text = refused.errors?.reason?.[0]
            ? t('payments.refund_error')
            : `${t('payments.refund_error')} ${refused.message ?? ''}`.trim()
          setSent(null)
          form.setAlert(text)
          notify(text, 'danger')
        },
      },
    )
    if (!res) return
    setReason('')
    setSent(res.message ?? t('payments.refund_sent'))
    notify(res.message ?? t('payments.refund_sent'), 'success')
    onSent(res.refund_request)
  }

  return (
    <section className="pay-section" aria-labelledby="pay-refund">
      <h2 id="pay-refund">{t('payments.page.refund_title')}</h2>
      <p className="pay-muted">{t('payments.page.refund_lead')}</p>
      {last && (
        <p className="pay-line" data-testid="refund-last">
          {t('payments.page.refund_last', {
            status: t(`payments.page.refund_status.${last.status}`),
            date: when(last.created_at),
          })}{' '}
          {Date.parse(last.created_at) + COOLDOWNS_MS.refund > Date.now() &&
            t('payments.page.refund_next', {
              date: when(new Date(Date.parse(last.created_at) + COOLDOWNS_MS.refund).toISOString()),
            })}
        </p>
      )}
      <form onSubmit={form.onSubmit(submit)} className="pay-form" noValidate>
        {payments.length > 0 && (
          <div className="field">
            <label htmlFor="refund-payment">{t('payments.page.refund_payment')}</label>
            <select
              id="refund-payment"
              name="transaction_id"
              value={chosen}
              onChange={(e) => setPayment(e.target.value)}
              aria-describedby="refund-payment-hint"
              data-testid="refund-payment"
            >
              {payments.map((p) => (
                <option key={p.id} value={p.id}>
                  {describe(p)}
                </option>
              ))}
            </select>
            <p className="field-hint" id="refund-payment-hint">
              {t('payments.page.refund_payment_hint')}
            </p>
          </div>
        )}
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <label htmlFor="refund-reason">{t('payments.page.refund_reason')}</label>
          <textarea
            id="refund-reason"
            name="reason"
            rows={4}
            maxLength={2000}
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            data-testid="refund-reason"
          />
          {error && (
            <p className="field-error" data-testid="error-reason">
              {error}
            </p>
          )}
        </div>
        {alert && <FormAlert message={alert.text} level={alert.level} />}
        <button
          type="submit"
          className="button button-primary"
          disabled={!hydrated || busy || !reason.trim()}
          data-testid="refund-send"
        >
          {t('payments.page.refund_send')}
        </button>
      </form>
    </section>
  )
}
