import type { StreakDto } from '#shared/contract/rewards'
import { usePage } from '#client/app/context.tsx'

/** The kind streak: the week first ("N of the last 7 days"), the streak only when it is alive. */
export function StreakView({ streak }: { streak: StreakDto }) {
  const { t, locale } = usePage()
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' })
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
  return (
    <div className="streak" data-testid="streak">
      <p className="streak-lead" data-testid="last-7">
        {t('engagement.streak.last_7', { n: streak.last_7_days })}
      </p>
      <div className="week" aria-hidden="true">
        {streak.week.map((d) => (
          <span
            key={d.day}
            className={`week-day${d.active ? ' week-day-active' : ''}`}
            title={long.format(new Date(`${d.day}T12:00:00Z`))}
          >
            {weekday.format(new Date(`${d.day}T12:00:00Z`))}
          </span>
        ))}
      </div>
      <ul className="streak-numbers">
        {streak.current > 0 && (
          <li>
            {streak.current === 1
              ? t('engagement.streak.current_one')
              : t('engagement.streak.current', { n: streak.current })}
          </li>
        )}
        {streak.longest > 1 && <li>{t('engagement.streak.longest', { n: streak.longest })}</li>}
        <li title={t('engagement.streak.freezes_help')}>{t('engagement.streak.freezes', { n: streak.freezes })}</li>
      </ul>
      <p className="muted">
        {streak.today_done ? t('engagement.streak.today_done') : t('engagement.streak.today_open')}
      </p>
    </div>
  )
}
