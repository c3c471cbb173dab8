import type { LandingPageData } from '#shared/contract/site'
import type { PageProps } from '#client/app/context.tsx'
import { Landing } from './Landing'

/** /get-a-plan-for-anxiety (SPEC §2). */
export default function AnxietyLanding(props: PageProps<LandingPageData>) {
  return <Landing {...props} category="anxiety" />
}
