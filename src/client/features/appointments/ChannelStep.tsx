import { usePage } from '#client/app/context.tsx'
import { CHANNELS } from './format'
import { StepTitle } from './StepTitle'

/** Booking's fourth step: how the session is held (SPEC §4 meeting channels). */
export function ChannelStep({ channel, onChannel }: { channel: number | null; onChannel: (c: number) => void }) {
  const { t } = usePage()
  return (
    <section className="book-step" aria-labelledby="step-how">
      <StepTitle id="step-how" n={4}>
        {t('appointment_pages.step_channel')}
      </StepTitle>
      <div className="slot-chips" role="radiogroup" aria-labelledby="step-how" data-testid="channels">
        {CHANNELS.map(([key, value]) => (
          <label key={key} className={`choice${channel === value ? ' choice-on' : ''}`}>
            <input
              type="radio"
              name="meeting_channel"
              value={value}
              checked={channel === value}
              onChange={() => onChannel(value)}
              data-testid={`channel-${key}`}
            />
            <span>{t(`appointments.channel.${key}`)}</span>
          </label>
        ))}
      </div>
    </section>
  )
}
