import { SLOT_MINUTES_MIN, parseRanges, slotsIn, type Weekday } from '#shared/psychologists'
import { usePage } from '#client/app/context.tsx'
import { fieldOf, type Range } from './agendaWeek.ts'

/**
 * One weekday of the weekly hours: works or day off, its ranges as time inputs, and how many
 * sessions they hold at the chosen length (counted with the server's own parser, so the note
 * never promises slots the server would not offer).
 */
export function AgendaDay({
  day,
  ranges,
  slotMinutes,
  error,
  onRanges,
  onWorks,
  onAdd,
}: {
  day: Weekday
  ranges: Range[]
  slotMinutes: number
  error?: string
  onRanges: (ranges: Range[]) => void
  onWorks: (working: boolean) => void
  onAdd: () => void
}) {
  const { t } = usePage()
  const working = ranges.length > 0
  const parsed = parseRanges(fieldOf(ranges))
  const count = 'ranges' in parsed && slotMinutes >= SLOT_MINUTES_MIN ? slotsIn(parsed.ranges, slotMinutes) : null
  const dayName = t(`psychologist_profile.days.${day}`)
  const edit = (i: number, change: Partial<Range>) =>
    onRanges(ranges.map((x, j) => (j === i ? { ...x, ...change } : x)))
  // One end of a range: its time input, named for a screen reader by the day and the end.
  const end = (r: Range, i: number, which: 'from' | 'to') => (
    <label>
      <span className="visually-hidden">{`${dayName} · ${t(`psychologist_profile.${which}`)}`}</span>
      <input
        type="time"
        step={300}
        value={r[which]}
        onChange={(e) => edit(i, { [which]: e.target.value })}
        data-testid={`agenda-${which}`}
      />
    </label>
  )

  return (
    <div
      className={`agenda-day${working ? '' : ' agenda-day-off'}${error ? ' field-invalid' : ''}`}
      data-testid={`agenda-day-${day}`}
    >
      <div className="agenda-day-head">
        <label className="agenda-day-name">
          <input
            type="checkbox"
            checked={working}
            onChange={(e) => onWorks(e.target.checked)}
            data-testid={`agenda-works-${day}`}
          />
          <span>{dayName}</span>
        </label>
        <span className="agenda-day-note">
          {working
            ? count === null
              ? ''
              : count === 1
                ? t('psychologist_profile.one_session')
                : t('psychologist_profile.sessions', { count })
            : t('psychologist_profile.day_off')}
        </span>
      </div>
      {working && (
        <ul className="agenda-ranges">
          {ranges.map((r, i) => (
            <li key={i} className="agenda-range" data-testid="agenda-range">
              {end(r, i, 'from')}
              <span aria-hidden="true">–</span>
              {end(r, i, 'to')}
              <button
                type="button"
                className="agenda-remove"
                onClick={() => onRanges(ranges.filter((_, j) => j !== i))}
                aria-label={t('psychologist_profile.remove_range')}
                title={t('psychologist_profile.remove_range')}
                data-testid="agenda-remove"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="agenda-add" onClick={onAdd} data-testid={`agenda-add-${day}`}>
              + {t('psychologist_profile.add_range')}
            </button>
          </li>
        </ul>
      )}
      {error && (
        <p className="field-error" data-testid={`error-${day}`}>
          {error}
        </p>
      )}
    </div>
  )
}
