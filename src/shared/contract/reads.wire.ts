// The reads a signed-in page makes by itself as it opens, by method and path alone (issue 43 §1,
// docs/decisions/069-*.md): the browser's `read` (client/api.ts) sends them and takes the answer
// as the call's type, so a page that only opens loads neither zod nor the contract's schemas.
// Only types come from the contract modules; each path is type-checked against its call.
import { wire } from './call'
import type { listAppointments } from './appointments'
import type { listPushDevices } from './push'
import type { getRanking } from './ranking'
import type { listRewards } from './rewards'
import type { listSharers, listShares, listShareViews } from './shares'

export const READS = {
  /** /performance's rewards and streak block. */
  rewards: wire<typeof listRewards>({ method: 'GET', path: '/rewards' }),
  /** /appointments' lists. */
  appointments: wire<typeof listAppointments>({ method: 'GET', path: '/appointments' }),
  /** The profile's ranking setting. */
  ranking: wire<typeof getRanking>({ method: 'GET', path: '/ranking' }),
  /** The profile's devices list. */
  pushDevices: wire<typeof listPushDevices>({ method: 'GET', path: '/push/devices' }),
  /** The psychologist's agenda: which sessions get "before the session" (issue 44 §2). */
  sharers: wire<typeof listSharers>({ method: 'GET', path: '/appointment/sharers' }),
  /** The profile's "What I share" and "Who looked" (issue 44 §1). */
  shares: wire<typeof listShares>({ method: 'GET', path: '/my/shares' }),
  shareViews: wire<typeof listShareViews>({ method: 'GET', path: '/my/share/views' }),
}
