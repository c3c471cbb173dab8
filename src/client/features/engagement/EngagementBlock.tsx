import { useEffect, useState } from 'react'
import type { RewardsAnswer } from '#shared/contract/rewards'
import { READS } from '#shared/contract/reads.wire'
import { read } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { StreakView } from './StreakView'
import './engagement.css'

/**
 * The rewards and streak blocks of /performance (issue 11 §7): "N of the last 7 days" first,
 * the streak and freezes after, and what is waiting to be claimed. Read in the browser (the
 * person's own numbers, never cached).
 */
export function EngagementBlock() {
  const { t, href } = usePage()
  const [data, setData] = useState<RewardsAnswer | null>(null)
  useEffect(() => {
    void read(READS.rewards, { silent: true }).then((res) => res.success && setData(res))
  }, [])
  const unclaimed = data
    ? data.rewards.flatMap((g) => g.rewards).filter((r) => r.is_acquired && !r.is_claimed).length
    : 0
  return (
    <section className="engagement-block" data-testid="engagement-block" aria-busy={!data}>
      <h2>{t('engagement.streak.title')}</h2>
      {data ? <StreakView streak={data.streak} /> : <p className="muted">…</p>}
      {unclaimed > 0 && (
        <p data-testid="unclaimed">
          {unclaimed === 1 ? t('engagement.streak.unclaimed_one') : t('engagement.streak.unclaimed', { n: unclaimed })}
        </p>
      )}
      <div className="engagement-links">
        <a className="button button-small" href={href('rewards')} data-testid="see-rewards">
          {t('engagement.streak.see_rewards')}
        </a>
        <a className="button button-small" href={href('ranking')} data-testid="see-ranking">
          {t('engagement.streak.see_ranking')}
        </a>
      </div>
    </section>
  )
}
