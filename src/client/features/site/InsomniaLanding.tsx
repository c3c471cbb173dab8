import type { LandingPageData } from '#shared/contract/site'
import type { PageProps } from '#client/app/context.tsx'
import { Landing } from './Landing'

/** /get-a-plan-for-insomnia (SPEC §2). */
export default function InsomniaLanding(props: PageProps<LandingPageData>) {
  return <Landing {...props} category="insomnia" />
}
