// The two pieces of "before the session" another feature owns (issue 44 §3): the person's safety
// plan and this psychologist's recommendations. Until that feature is merged there is nothing to
// read, so both answer "none yet"; at merge each reads the real rows (decision 067 "At merge").

/** The person's safety plan as the psychologist may see it, or null when they have none. */
export function sharedSafetyPlan(_ctx: unknown, _userId: number): Promise<Record<string, unknown> | null> {
  return Promise.resolve(null)
}

/** What `hostId` recommended to `userId` after their sessions, newest first ([] when nothing). */
export function recommendationsFrom(
  _ctx: unknown,
  _userId: number,
  _hostId: number,
): Promise<{ routes: { id: number; title: string; slug: string }[]; items: Record<string, unknown>[] }> {
  return Promise.resolve({ routes: [], items: [] })
}
