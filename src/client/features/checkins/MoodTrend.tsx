import { useId } from 'react'
import { MOOD_KEY, MOODS, type Mood } from '#shared/checkins'
import type { TrendDto } from '#shared/contract/checkins'
import { usePage } from '#client/app/context.tsx'
import { formatDate } from '#client/components/dates.ts'

// The drawing's box (viewBox units; it scales to the card's width).
const W = 320
const H = 150
const LEFT = 74
const RIGHT = W - 10
const TOP = 14
const BOTTOM = 112
const xOf = (i: number, n: number) => LEFT + (n > 1 ? (i * (RIGHT - LEFT)) / (n - 1) : 0)
const yOf = (m: Mood) => BOTTOM - ((m - 1) * (BOTTOM - TOP)) / 4

/** Runs of consecutive days with a check-in: the line breaks where a day has none. */
function segments(days: TrendDto['days']) {
  const out: string[] = []
  let run: string[] = []
  days.forEach((d, i) => {
    if (d.mood === null) {
      if (run.length > 1) out.push(run.join(' '))
      run = []
      return
    }
    run.push(`${run.length ? 'L' : 'M'}${xOf(i, days.length).toFixed(1)} ${yOf(d.mood).toFixed(1)}`)
  })
  if (run.length > 1) out.push(run.join(' '))
  return out
}

/**
 * The last 30 days of check-ins (issue 34 §4), drawn on the server as inline SVG and kept in
 * step after a check-in by the same component. For screen readers: the drawing is one image
 * with a title and a description in words, and the numbers are a table (visually hidden).
 */
export function MoodTrend({
  trend,
  title,
  caption,
  level: Heading = 'h3',
}: {
  trend: TrendDto
  /** Another reader's words (the psychologist's "before the session", issue 44 §2); the person's own by default. */
  title?: string
  caption?: string
  level?: 'h3' | 'h4'
}) {
  const { t, locale, boot } = usePage()
  const id = useId()
  const days = trend.days
  const done = days.flatMap((d, i) => (d.mood === null ? [] : [{ ...d, mood: d.mood, i }]))
  const word = (m: Mood) => t(`checkins.moods.${MOOD_KEY[m]}`)
  // Days are calendar dates: read at noon UTC and shown in UTC, so no zone moves them.
  const dayText = (day: string, opts: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' }) =>
    formatDate(`${day}T12:00:00Z`, { locale: boot.locale, timeZone: 'UTC' }, opts)
  const last = done.at(-1)
  const average = done.length ? done.reduce((s, d) => s + d.mood, 0) / done.length : 0
  const description = !last
    ? t('checkins.trend.description_none')
    : t('checkins.trend.description', {
        count: done.length,
        from: dayText(done[0]!.day),
        to: dayText(last.day),
        average: new Intl.NumberFormat(locale === 'es' ? 'es-ES' : 'en-GB', { maximumFractionDigits: 1 }).format(
          average,
        ),
        last: word(last.mood),
      })
  const first = days[0]
  const today = days.at(-1)
  return (
    <figure className="mood-trend" data-testid="mood-trend">
      <Heading id={`${id}-h`}>{title ?? t('checkins.trend.title')}</Heading>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        data-testid="mood-trend-chart"
        focusable="false"
      >
        <title id={`${id}-t`}>{title ?? t('checkins.trend.title')}</title>
        <desc id={`${id}-d`}>{description}</desc>
        {MOODS.map((m) => (
          <g key={m} className={`mood-level mood-${m}`}>
            <line x1={LEFT} x2={RIGHT} y1={yOf(m)} y2={yOf(m)} />
            <text x={LEFT - 8} y={yOf(m) + 4} textAnchor="end">
              {word(m)}
            </text>
          </g>
        ))}
        {segments(days).map((d) => (
          <path key={d} className="mood-line" d={d} />
        ))}
        {done.map((d) => (
          <circle
            key={d.day}
            className={`mood-point mood-${d.mood}`}
            cx={xOf(d.i, days.length)}
            cy={yOf(d.mood)}
            r={4}
          />
        ))}
        {first && today && (
          <g className="mood-days">
            <text x={LEFT} y={H - 14} textAnchor="start">
              {dayText(first.day)}
            </text>
            <text x={RIGHT} y={H - 14} textAnchor="end">
              {dayText(today.day)}
            </text>
          </g>
        )}
      </svg>
      {done.length > 0 && (
        <table className="visually-hidden" data-testid="mood-trend-table">
          <caption>{caption ?? t('checkins.trend.table_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('checkins.trend.day')}</th>
              <th scope="col">{t('checkins.trend.mood')}</th>
            </tr>
          </thead>
          <tbody>
            {done.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayText(d.day, { weekday: 'long', day: 'numeric', month: 'long' })}</th>
                <td>{t('checkins.trend.step', { n: d.mood, word: word(d.mood) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {/* Last (or first) child of the figure: HTML allows a figcaption nowhere else. */}
      <figcaption className="muted">{description}</figcaption>
    </figure>
  )
}
