import type { PerformancePageData } from '#shared/contract/plans'
import type { PageProps } from '#client/app/context.tsx'
import { untilTouched } from '#client/components/TouchPart.tsx'
import './plans.css'
// With the page, not the check-in's chunk: the server's check-in is painted styled before its code.
import '#client/components/forms.css'
import '#client/features/checkins/checkins.css'
// The streak block's styles with the page too: the block is a first-touch part, and the server's
// HTML links only the CSS of the page's static imports (worker/ssr/assets.ts).
import '#client/features/engagement/engagement.css'

// How one feels today hydrates with the page, not at the first touch (decision 069 tried that):
// held until its code came, a tapped face showed unchosen for a moment, then chosen; the faces
// are left to the browser until React is there (CheckinBlock), so a first tap is never lost.
import { CheckinBlock } from '#client/features/checkins/CheckinBlock.tsx'

// The greeting and the plan's block, the streak block (the loader's figures) and the routes to
// explore are painted by the server, with links only: their code comes at the first touch, one
// chunk for the three (decision 072).
const later = () => import('./PerformanceParts')
const PerformanceTop = untilTouched(() => later().then((m) => m.PerformanceTop))
const EngagementBlock = untilTouched(() => later().then((m) => m.EngagementBlock))
const ExploreRoutes = untilTouched(() => later().then((m) => m.ExploreRoutes))

/**
 * Home tab (SPEC §2 "/performance"): a greeting by first initial, 'Continue with your plan'
 * (to /journey), a contact link, a top block with the plan's progress and next step, and a list
 * of routes to explore; how I feel today (the daily check-in) beside the practice.
 */
export default function Performance({ data, boot }: PageProps<PerformancePageData>) {
  return (
    <section className="performance" data-testid="performance">
      <PerformanceTop status={data.status} name={boot.user?.name ?? null} />
      {/* How one feels today, beside the practice (issue 34 §4). */}
      <div className="performance-today">
        <CheckinBlock initial={data.checkin} />
        <EngagementBlock engagement={data.engagement} />
      </div>
      <ExploreRoutes routes={data.routes} />
    </section>
  )
}
