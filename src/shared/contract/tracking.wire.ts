// What the browser needs of the tracking calls on every page, without zod (issue 21 §5: a page
// that only reads loads no schema). tracking.ts builds the calls' schemas from these; the
// browser's tracking (client/features/site/tracking.ts) sends with `beacon` and checks the
// session's answer with `isSessionAnswer` (SPEC §7: server responses are checked).

/** SPEC §9: the utm variables tracked, each as `utm_<name>` (or bare `<name>`) in the query. */
export const UTM_NAMES = [
  'source',
  'medium',
  'campaign',
  'term',
  'content',
  'device',
  'version',
  'agency',
  'category',
  'fbc',
  'fbp',
] as const
export type UtmName = (typeof UTM_NAMES)[number]
/** SPEC §9: "Defaults: agency na, category anxiety". */
export const UTM_DEFAULTS: Partial<Record<UtmName, string>> = { agency: 'na', category: 'anxiety' }

/** The three calls every page may make: GET /v1/session, POST /v1/track, POST /v1/translation. */
export const TRACKING_WIRE = {
  session: { method: 'GET', path: '/session' },
  track: { method: 'POST', path: '/track' },
  translation: { method: 'POST', path: '/translation' },
} as const

/** The session's answer as tracking.ts's response schema describes it (test/contract holds them equal). */
export function isSessionAnswer(json: unknown): json is { session_id: string; new_session: boolean } {
  if (typeof json !== 'object' || json === null) return false
  const o = json as Record<string, unknown>
  return o.success === true && typeof o.session_id === 'string' && typeof o.new_session === 'boolean'
}
