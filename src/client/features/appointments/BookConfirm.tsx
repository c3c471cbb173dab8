import { lazy, Suspense } from 'react'
import type { SlotDto } from '#shared/contract/appointments'
import type { PsychologistDto, UserDto } from '#shared/contract/users'
import { usePage } from '#client/app/context.tsx'
import { dayParts } from './days'
import { dollars, FREE_CANCEL_BEFORE_MS, SESSION_PRICE } from './format'
import { Loading } from './Status'
import { StepTitle } from './StepTitle'

// Only people without a phone download the phone form (and libphonenumber's metadata).
const PhoneAsk = lazy(() => import('./PhoneAsk'))

interface Props {
  me: UserDto
  host: PsychologistDto
  date: string | null
  slot: SlotDto | null
  /** Every choice made and the credits there. */
  ready: boolean
  enough: boolean
  busy: boolean
  needsPhone: boolean
  /** The phone was saved: the person as they are now (the booking follows). */
  onPhoneSaved: (user: UserDto) => void
  onBook: () => void
}

/** The slot starts less than 24 hours from now: cancelling it returns nothing, moving it is not possible. */
const startsSoon = (slot: SlotDto) => new Date(slot.start_at).getTime() - Date.now() < FREE_CANCEL_BEFORE_MS

/** Booking's last step: the summary, the credits and the price, the phone when missing, Book. */
export function BookConfirm({ me, host, date, slot, ready, enough, busy, needsPhone, onPhoneSaved, onBook }: Props) {
  const { t, href, boot, locale } = usePage()
  const chosenDay = date ? dayParts(date, boot.locale) : null
  return (
    <section className="book-step book-summary" aria-labelledby="step-confirm">
      <StepTitle id="step-confirm" n={5}>
        {t('appointment_pages.step_confirm')}
      </StepTitle>
      {slot && chosenDay ? (
        <p className="book-summary-line" data-testid="book-summary">
          {t('appointment_pages.summary', { date: chosenDay.long, time: slot.time, name: host.name ?? '' })}
        </p>
      ) : (
        <p className="field-hint">{t('appointment_pages.choose_all')}</p>
      )}
      <p className="book-credits" data-testid="credits">
        {t('appointment_pages.credits', {
          credits: dollars(me.credits, locale),
          price: dollars(SESSION_PRICE, locale),
        })}{' '}
        <a href={href('subscription')}>{t('appointment_pages.buy_credits')}</a>
      </p>
      {me.subscriber && <p className="field-hint">{t('appointment_pages.subscriber_note')}</p>}
      <p className="appt-policy" data-testid="policy">
        {t('appointment_pages.policy', { price: dollars(SESSION_PRICE, locale) })}
      </p>
      {slot && startsSoon(slot) && (
        // SPEC's 24 h rule applied to this slot (issue 42 §5): a session for tonight is never refunded.
        <p className="appt-policy appt-policy-loses" role="status" data-testid="late-note">
          {t('first_week.booking.late', { price: dollars(SESSION_PRICE, locale) })}
        </p>
      )}
      {!enough && (
        <p className="form-alert form-alert-info" data-testid="not-enough">
          {t('appointment_pages.not_enough', { price: dollars(SESSION_PRICE, locale) })}
        </p>
      )}
      {needsPhone ? (
        <Suspense fallback={<Loading />}>
          <PhoneAsk country={me.country_code} disabled={!ready || busy} busy={busy} onSaved={onPhoneSaved} />
        </Suspense>
      ) : (
        <button
          type="button"
          className="button button-primary button-block book-submit"
          disabled={!ready || busy}
          onClick={onBook}
          data-testid="book"
        >
          {busy ? t('appointment_pages.booking') : t('appointment_pages.book')}
        </button>
      )}
    </section>
  )
}
