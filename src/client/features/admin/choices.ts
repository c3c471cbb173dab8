// Plans, routes, posts and categories chosen by their names (issue 42 §9), instead of typing
// ids: the admin's own lists (GET /v1/admin/plans, /v1/admin/routes, /v1/admin/posts, the
// category lists), their first 100 (the most a list answers), as options "title (ES)".
import { useEffect, useState } from 'react'
import { listAdminPlans, listAdminPosts, listAdminRoutes } from '#shared/contract/admin'
import { listRouteCategories } from '#shared/contract/content.manage'
import { listPostCategories } from '#shared/contract/posts.manage'
import { call } from '#client/api.ts'

export type Choice = { value: string; label: string }

/** "Title (ES)": the language tells a plan of one language from its twin in the other. */
export const choiceOf = (r: { id: number; title: string; language: string }): Choice => ({
  value: String(r.id),
  label: `${r.title} (${r.language.toUpperCase()})`,
})

type Kind = 'plans' | 'routes' | 'posts' | 'route_categories' | 'post_categories'

/** One list of `kind` as its rows (id, title, language), or null when the call failed. */
async function rowsOf(kind: Kind, input: Record<string, string | number>) {
  switch (kind) {
    case 'plans': {
      const res = await call(listAdminPlans, { input })
      return res.success ? res.rows : null
    }
    case 'routes': {
      const res = await call(listAdminRoutes, { input })
      return res.success ? res.rows : null
    }
    case 'posts': {
      const res = await call(listAdminPosts, { input })
      return res.success ? res.rows : null
    }
    // A category list answers one language (the caller's unless told): both, for rows of either.
    case 'route_categories':
    case 'post_categories': {
      const list = kind === 'route_categories' ? listRouteCategories : listPostCategories
      const langs = input['filters[language]'] ? [input['filters[language]']] : ['es', 'en']
      const answers = await Promise.all(langs.map((l) => call(list, { input: { ...input, 'filters[language]': l } })))
      return answers.flatMap((res) => (res.success ? res.categories : []))
    }
  }
}

/** The rows of `kind` as options, in one language when told; null while they load. */
export function useChoices(kind: Kind, language?: string): Choice[] | null {
  const [list, setList] = useState<Choice[] | null>(null)
  useEffect(() => {
    let live = true
    const input = { per_page: 100, ...(language ? { 'filters[language]': language } : {}) }
    const load = async () => {
      const rows = await rowsOf(kind, input)
      if (live) setList((rows ?? []).map((r) => choiceOf(r)))
    }
    void load()
    return () => {
      live = false
    }
  }, [kind, language])
  return list
}
