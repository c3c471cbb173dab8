// Plans and routes chosen by their names (issue 42 §9), instead of typing ids: the admin's own
// lists (GET /v1/admin/plans, /v1/admin/routes), their first 100 (the most a list answers) in
// each one's order, as options "title (ES)".
import { useEffect, useState } from 'react'
import { listAdminPlans, listAdminRoutes } from '#shared/contract/admin'
import { call } from '#client/api.ts'

export type Choice = { value: string; label: string }

/** "Title (ES)": the language tells a plan of one language from its twin in the other. */
export const choiceOf = (r: { id: number; title: string; language: string }): Choice => ({
  value: String(r.id),
  label: `${r.title} (${r.language.toUpperCase()})`,
})

/** The plans or routes as options, in one language when told; null while they load. */
export function useChoices(kind: 'plans' | 'routes', language?: string): Choice[] | null {
  const [list, setList] = useState<Choice[] | null>(null)
  useEffect(() => {
    let live = true
    const input = { per_page: 100, ...(language ? { 'filters[language]': language } : {}) }
    const load = async () => {
      const res = kind === 'plans' ? await call(listAdminPlans, { input }) : await call(listAdminRoutes, { input })
      if (live) setList(res.success ? res.rows.map((r) => choiceOf(r)) : [])
    }
    void load()
    return () => {
      live = false
    }
  }, [kind, language])
  return list
}
