import { COMMON_TIME_ZONES, SLOT_MINUTES_MAX, SLOT_MINUTES_MIN } from '#shared/psychologists'
import { usePage } from '#client/app/context.tsx'

/**
 * The terms the weekly hours are read in: open to appointments or not, the zone the hours are
 * in, and a session's length. Controlled by WeeklyHours, which saves them with the week in one
 * call (the server checks a week against its zone and length together).
 */
export function AgendaTerms({
  ids,
  open,
  zone,
  slot,
  errors,
  onOpen,
  onZone,
  onSlot,
}: {
  ids: string
  open: boolean
  zone: string
  slot: string
  errors: Record<string, string>
  onOpen: (open: boolean) => void
  onZone: (zone: string) => void
  onSlot: (slot: string) => void
}) {
  const { t } = usePage()
  // A saved zone outside the common list stays choosable, first.
  const zones = COMMON_TIME_ZONES.includes(zone as never) ? COMMON_TIME_ZONES : [zone, ...COMMON_TIME_ZONES]
  return (
    <>
      <div className="agenda-switch-row">
        <div>
          <label htmlFor={`${ids}-open`} className="agenda-switch-label">
            {t('psychologist_profile.open')}
          </label>
          <p className="field-hint" id={`${ids}-open-hint`}>
            {t('psychologist_profile.open_hint')}
          </p>
        </div>
        <input
          id={`${ids}-open`}
          className="agenda-switch"
          type="checkbox"
          role="switch"
          name="open"
          checked={open}
          onChange={(e) => onOpen(e.target.checked)}
          aria-describedby={`${ids}-open-hint`}
          data-testid="agenda-open"
        />
      </div>
      <div className="agenda-pair">
        <div className={`field${errors.timezone ? ' field-invalid' : ''}`}>
          <label htmlFor={`${ids}-zone`}>{t('psychologist_profile.timezone')}</label>
          <select
            id={`${ids}-zone`}
            name="timezone"
            value={zone}
            onChange={(e) => onZone(e.target.value)}
            data-testid="agenda-timezone"
          >
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
          {errors.timezone ? (
            <p className="field-error">{errors.timezone}</p>
          ) : (
            <p className="field-hint">{t('psychologist_profile.timezone_hint')}</p>
          )}
        </div>
        <div className={`field${errors.slot_minutes ? ' field-invalid' : ''}`}>
          <label htmlFor={`${ids}-slot`}>{t('psychologist_profile.slot_minutes')}</label>
          <input
            id={`${ids}-slot`}
            name="slot_minutes"
            type="number"
            inputMode="numeric"
            min={SLOT_MINUTES_MIN}
            max={SLOT_MINUTES_MAX}
            step={5}
            value={slot}
            onChange={(e) => onSlot(e.target.value)}
            data-testid="agenda-slot"
          />
          {errors.slot_minutes ? (
            <p className="field-error" data-testid="error-slot_minutes">
              {errors.slot_minutes}
            </p>
          ) : (
            <p className="field-hint">{t('psychologist_profile.slot_minutes_hint')}</p>
          )}
        </div>
      </div>
    </>
  )
}
