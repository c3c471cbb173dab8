/**
 * What a push shows and where its click goes (src/sw/push.ts), without the worker's globals: the
 * rules are tested as plain functions (test/client/push-notice.test.ts).
 */
import { en, es } from '#shared/i18n/push'

export interface PushNotice {
  title: string
  body: string
  url: string
  tag?: string
}

/** What a push carries, or a generic notice in the browser's language when it is not readable. */
export function readNotice(data: { text(): string } | null, language: string): PushNotice {
  let parsed: unknown
  try {
    parsed = data ? JSON.parse(data.text()) : null
  } catch {
    parsed = null
  }
  const p = parsed as Partial<Record<keyof PushNotice, unknown>> | null
  if (p && typeof p.title === 'string' && p.title.trim()) {
    return {
      title: p.title.slice(0, 200),
      body: typeof p.body === 'string' ? p.body.slice(0, 1000) : '',
      url: typeof p.url === 'string' ? p.url : '/',
      ...(typeof p.tag === 'string' && p.tag ? { tag: p.tag.slice(0, 100) } : {}),
    }
  }
  const words = language.toLowerCase().startsWith('en') ? en : es
  const home = words === en ? '/en' : '/'
  return { title: words.push.device.notice_title, body: words.push.device.notice_body, url: home, tag: 'calma' }
}

/**
 * The page a click opens: the notice's url when it is of this origin (a path or a full address),
 * the home otherwise (a notice must never send anyone elsewhere).
 */
export function clickTarget(url: unknown, origin: string): string {
  const home = `${origin}/`
  if (typeof url !== 'string' || !url) return home
  try {
    const to = new URL(url, home)
    return to.origin === origin && (to.protocol === 'https:' || to.protocol === 'http:') ? to.href : home
  } catch {
    return home
  }
}
