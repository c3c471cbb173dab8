import { useEffect, useState } from 'react'
import { READS } from '#shared/contract/reads.wire'
import { call, contract, read } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm } from '#client/components/forms.tsx'

const { setRankingVisibility } = contract(() => import('#shared/contract/ranking'))

/** On the profile (issue 11 §3): leave the ranking, or come back to it. */
export function RankingSettings() {
  const { t } = usePage()
  const [hidden, setHidden] = useState<boolean | null>(null)
  const { busy, send } = useForm()
  useEffect(() => {
    // Without zod (decision 069).
    void read(READS.ranking, { silent: true }).then((res) => res.success && setHidden(res.hidden))
  }, [])
  async function toggle() {
    const res = await send(() => call(setRankingVisibility, { input: { hidden: !hidden } }))
    if (res) setHidden(res.hidden)
  }
  return (
    <section className="profile-card" id="ranking" aria-labelledby="profile-ranking" data-testid="ranking-settings">
      <h2 id="profile-ranking">{t('engagement.ranking.settings_title')}</h2>
      <p>{hidden ? t('engagement.ranking.settings_hidden') : t('engagement.ranking.settings_shown')}</p>
      <button
        className="button"
        type="button"
        onClick={() => void toggle()}
        disabled={hidden === null || busy}
        data-testid="ranking-toggle"
      >
        {hidden ? t('engagement.ranking.join') : t('engagement.ranking.leave')}
      </button>
    </section>
  )
}
