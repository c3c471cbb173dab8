import { exports } from 'cloudflare:workers'

/** Call the Worker as a browser or API client would, through its real fetch handler. */
export function api(path: string, init: RequestInit & { locale?: string; form?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers)
  headers.set('accept', 'application/json')
  if (init.locale) headers.set('locale', init.locale)
  let body = init.body
  if (init.form) {
    const fd = new FormData()
    for (const [k, v] of Object.entries(init.form)) fd.append(k, v)
    body = fd
  }
  return (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, { ...init, headers, body })
}

export async function json<T = Record<string, any>>(res: Response): Promise<T> {
  return (await res.json()) as T
}
