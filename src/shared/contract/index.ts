// Every /v1 call of the contract, for the server's tests and tools (never imported by a page:
// a page imports only the calls it makes). test/contract checks this list against the router
// both ways, and every test's answers against these schemas.
import type { Call } from './call'
import { adminCalls } from './admin'
import { adminFilesCalls } from './admin.files'
import { appointmentsCalls } from './appointments'
import { contentCalls } from './content'
import { contentManageCalls } from './content.manage'
import { formsCalls } from './forms'
import { formsPhoneCalls } from './forms.phone'
import { likesCalls } from './likes'
import { playbackCalls } from './playback'
import { plansCalls } from './plans'
import { postsCalls } from './posts'
import { postsManageCalls } from './posts.manage'
import { psychologistsCalls } from './psychologists'
import { paymentsCalls } from './payments'
import { trackingCalls } from './tracking'
import { usersCalls } from './users'
import { usersPhoneCalls } from './users.phone'
import { rewardsCalls } from './rewards'
import { rankingCalls } from './ranking'
import { notificationsCalls } from './notifications'
import { checkinsCalls } from './checkins'
import { pushCalls } from './push'
import { careCalls } from './care'
import { sharesCalls } from './shares'

export const CALLS: readonly Call[] = [
  ...appointmentsCalls,
  ...psychologistsCalls,
  ...contentCalls,
  ...contentManageCalls,
  ...likesCalls,
  ...postsCalls,
  ...playbackCalls,
  ...plansCalls,
  ...postsManageCalls,
  ...usersCalls,
  ...usersPhoneCalls,
  ...formsCalls,
  ...formsPhoneCalls,
  ...trackingCalls,
  ...adminCalls,
  ...adminFilesCalls,
  ...paymentsCalls,
  ...rewardsCalls,
  ...rankingCalls,
  ...notificationsCalls,
  ...checkinsCalls,
  ...pushCalls,
  ...careCalls,
  ...sharesCalls,
]

/** The call answering `method` at `path` (under /v1, without the query), or undefined. */
export function callFor(method: string, path: string): Call | undefined {
  const clean = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  return CALLS.find((c) => {
    if (c.method !== method.toUpperCase()) return false
    const re = new RegExp(`^${c.path.replace(/:\w+/g, '[^/]+')}$`)
    return re.test(clean)
  })
}
