import type { PerformancePageData } from '#shared/contract/plans'
import { usePage } from '#client/app/context.tsx'
import { StreakView } from './StreakView'
// Its styles (engagement.css) come with the page, which paints it before its code (Performance.tsx).

/**
 * The rewards and streak blocks of /performance (issue 11 §7): "N of the last 7 days" first,
 * the streak and freezes after, and what is waiting to be claimed. The page's loader reads them
 * (the person's own numbers, as GET /v1/rewards gives them), so the server paints the block and
 * its code comes at the first touch (decision 072).
 */
export function EngagementBlock({ engagement }: { engagement: PerformancePageData['engagement'] }) {
  const { t, href } = usePage()
  const { streak, unclaimed } = engagement
  return (
    <section className="engagement-block" data-testid="engagement-block">
      <h2>{t('engagement.streak.title')}</h2>
      <StreakView streak={streak} />
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
