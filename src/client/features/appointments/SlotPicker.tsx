import { useId } from 'react'
import type { SlotDto } from '#shared/contract/appointments'
import { usePage } from '#client/app/context.tsx'
import { dayParts } from './days'
import { Loading } from './Status'
import { StepTitle } from './StepTitle'
import type { DaySlots } from './useDaySlots'

const PERIODS = ['morning', 'afternoon', 'evening'] as const

interface Props {
  picker: DaySlots
  slot: SlotDto | null
  onSlot: (s: SlotDto) => void
  /** A day tapped (the chosen time is forgotten by the caller). */
  onDay: (date: string) => void
  /** The step numbers of the day and the time (booking numbers its steps; moving does not). */
  steps?: [number, number]
}

/**
 * Which day (the next 14 as chips, empty ones quieter) and which time (the free slots grouped
 * Morning / Afternoon / Evening, in the browser's zone): the picker of booking and of moving.
 */
export function SlotPicker({ picker, slot, onSlot, onDay, steps }: Props) {
  const { t, boot } = usePage()
  const id = useId()
  const { days, date, emptyDays, slots, problem, zone } = picker
  const chosenDay = date ? dayParts(date, boot.locale) : null
  const grouped = PERIODS.map((p) => ({ period: p, slots: (slots ?? []).filter((s) => s.period === p) })).filter(
    (g) => g.slots.length > 0,
  )
  // Booking's steps are the page's sections (h2); inside a card (h3) the picker's are h4 (StepTitle).
  const Period = steps ? 'h3' : 'h5'

  return (
    <>
      <section className="book-step" aria-labelledby={`${id}-day`}>
        <StepTitle id={`${id}-day`} n={steps?.[0]}>
          {t('appointment_pages.step_day')}
        </StepTitle>
        <div className="day-strip" role="group" aria-label={t('appointment_pages.days_label')} data-testid="days">
          {days.map((d, i) => {
            const parts = dayParts(d, boot.locale)
            const label =
              i === 0 ? t('appointment_pages.today') : i === 1 ? t('appointment_pages.tomorrow') : parts.weekday
            const empty = emptyDays.has(d)
            return (
              <button
                key={d}
                type="button"
                className={`day-chip${d === date ? ' day-chip-on' : ''}${empty ? ' day-chip-empty' : ''}`}
                aria-pressed={d === date}
                aria-label={`${parts.long}${empty ? ` · ${t('appointment_pages.no_slots_day')}` : ''}`}
                onClick={() => onDay(d)}
                data-date={d}
                data-testid="day"
              >
                <span className="day-chip-week">{label}</span>
                <span className="day-chip-n">{parts.day}</span>
                <span className="day-chip-month">{parts.month}</span>
              </button>
            )
          })}
        </div>
      </section>

      {date && (
        <section
          className="book-step"
          aria-labelledby={`${id}-time`}
          aria-busy={slots === null}
          data-date={date}
          data-testid="times"
        >
          <StepTitle id={`${id}-time`} n={steps?.[1]}>
            {t('appointment_pages.step_time')}
          </StepTitle>
          {chosenDay && <p className="book-day-name">{chosenDay.long}</p>}
          {slots === null ? (
            <Loading text={t('appointment_pages.looking')} />
          ) : problem ? (
            <p className="appt-soft" role="status">
              {problem}
            </p>
          ) : slots.length === 0 ? (
            <div className="appt-soft" role="status" data-testid="no-slots">
              <p className="appt-empty-title">{t('appointments.no_slots')}</p>
              <p>{t('appointment_pages.no_slots_hint')}</p>
            </div>
          ) : (
            <>
              {grouped.map((g) => (
                <div key={g.period} className="slot-group" role="group" aria-labelledby={`${id}-${g.period}`}>
                  <Period id={`${id}-${g.period}`} className="slot-period">
                    {t(`appointment_pages.period.${g.period}`)}
                  </Period>
                  <div className="slot-chips">
                    {g.slots.map((s) => (
                      <button
                        key={s.start_at}
                        type="button"
                        className={`slot-chip${slot?.start_at === s.start_at ? ' slot-chip-on' : ''}`}
                        aria-pressed={slot?.start_at === s.start_at}
                        onClick={() => onSlot(s)}
                        data-testid="slot"
                        data-start={s.start_at}
                      >
                        {s.time}
                      </button>
                    ))}
                  </div>
                </div>
              ))}
              <p className="field-hint">{t('appointment_pages.zone_note', { zone: zone.replace(/_/g, ' ') })}</p>
            </>
          )}
        </section>
      )}
    </>
  )
}
