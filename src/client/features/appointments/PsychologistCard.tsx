import type { PsychologistDto } from '#shared/contract/users'
import { usePage } from '#client/app/context.tsx'
import { degreeName } from '#client/components/words.ts'
import { languageNames } from '#client/components/words.ts'

/** One open psychologist in booking's first step: name, degree, languages, specialities; Choose / Change. */
export function PsychologistCard({
  p,
  chosen,
  onChoose,
  specialities,
}: {
  p: PsychologistDto
  chosen: boolean
  onChoose: () => void
  specialities: Record<string, string>
}) {
  const { t, boot } = usePage()
  const name = p.name ?? ''
  const human = (s: string) => specialities[s] ?? s.charAt(0).toUpperCase() + s.slice(1).replace(/-/g, ' ')
  return (
    <div className={`psy-card${chosen ? ' psy-card-on' : ''}`} data-testid="psychologist" data-name={name}>
      <span className="appt-avatar psy-avatar" aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </span>
      <div className="psy-body">
        <h3 className="psy-name">{name}</h3>
        {p.degree && <p className="psy-meta">{degreeName(t, p.degree)}</p>}
        {p.speaks_in.length > 0 && (
          <p className="psy-meta">
            {t('appointment_pages.speaks', { languages: languageNames(p.speaks_in, boot.locale) })}
          </p>
        )}
        {p.specialist_in_symptoms.length > 0 && (
          <ul className="psy-tags" aria-label={t('appointment_pages.specialities')}>
            {p.specialist_in_symptoms.map((s) => (
              <li key={s} className="chip">
                {human(s)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <button
        type="button"
        className={`button button-small ${chosen ? 'button-quiet' : 'button-primary'} psy-choose`}
        onClick={onChoose}
        data-testid="choose-psychologist"
      >
        {chosen ? t('appointment_pages.change') : t('appointment_pages.choose')}
        <span className="visually-hidden"> {name}</span>
      </button>
    </div>
  )
}
