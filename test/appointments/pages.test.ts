// The appointment pages (issue 9 §8) through the real Worker: /appointments with its three tabs
// in both languages (two for a psychologist), the login redirect for a visitor, and the page a
// mail link opens (/appointment/?appointment_id=&user_id=&authorization=) for a visitor.
import { describe, expect, it } from 'vitest'
import { Role } from '#shared/enums'
import { messagesFor } from '#shared/i18n/messages'
import { api } from '../helpers'
import { register, sessionCookie, setRole } from '../users/support'

type Locale = 'es' | 'en'
const tabsOf = (locale: Locale) => messagesFor(locale).appointment_pages.tabs
const boot = (html: string) => JSON.parse(/<script id="__BOOT__"[^>]*>(.*?)<\/script>/s.exec(html)![1]!)
/** The attribute values React wrote (&amp; back to &). */
const unescape = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
/** The tabs of the tablist, in order: [id, selected, label]. */
const tabs = (html: string) =>
  [
    ...html.matchAll(
      /<button[^>]*role="tab"[^>]*id="tab-([a-z_]+)"[^>]*aria-selected="(true|false)"[^>]*>([^<]*)<\/button>/g,
    ),
  ].map((m) => [m[1], m[2] === 'true', unescape(m[3]!)])

async function signedIn(role?: number) {
  const u = await register()
  if (role) await setRole(u.id, role)
  const cookie = `calma_session=${sessionCookie(u.res)}`
  return (path: string) => api(path, { headers: { cookie, accept: 'text/html' }, redirect: 'manual' })
}

describe('/appointments', () => {
  it.each(BOTH_LANGUAGES)(
    'renders for a signed-in person with the three tabs (%s), the one in the URL selected',
    async (locale, prefix) => {
      const page = await signedIn()
      const names = tabsOf(locale)

      const res = await page(`${prefix}/appointments`)
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toContain('role="tablist"')
      expect(tabs(html)).toEqual([
        ['next_to', true, names.next_to],
        ['make_an_appointment', false, names.make_an_appointment],
        ['appointments', false, names.appointments],
      ])
      expect(html).toContain('id="panel-next_to"')
      expect(html).toContain(messagesFor(locale).appointment_pages.title)
      expect(boot(html)).toMatchObject({ page: 'appointments', locale })

      const make = await (await page(`${prefix}/appointments?tab=make_an_appointment`)).text()
      expect(tabs(make).map(([id, on]) => [id, on])).toEqual([
        ['next_to', false],
        ['make_an_appointment', true],
        ['appointments', false],
      ])
      expect(make).toContain('aria-labelledby="tab-make_an_appointment"')

      const history = await (await page(`${prefix}/appointments?tab=appointments`)).text()
      expect(tabs(history).find(([, on]) => on)?.[0]).toBe('appointments')
      // An unknown tab reads as Ongoing.
      const odd = await (await page(`${prefix}/appointments?tab=nope`)).text()
      expect(tabs(odd).find(([, on]) => on)?.[0]).toBe('next_to')
    },
  )

  it('a psychologist sees their agenda: Ongoing and History, no booking tab', async () => {
    const page = await signedIn(Role.psychologist)
    const html = await (await page('/en/appointments?tab=make_an_appointment')).text()
    expect(tabs(html)).toEqual([
      ['next_to', true, 'Ongoing'],
      ['appointments', false, 'History'],
    ])
    expect(html).not.toContain('tab-make_an_appointment')
  })

  it('sends a visitor to sign in, and back afterwards', async () => {
    const res = await api('/appointments?tab=appointments', { headers: { accept: 'text/html' }, redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent('/appointments?tab=appointments')}`)
    const en = await api('/en/appointments', { headers: { accept: 'text/html' }, redirect: 'manual' })
    expect(en.status).toBe(302)
    expect(en.headers.get('location')).toBe(`/en/login?redirect=${encodeURIComponent('/en/appointments')}`)
  })
})

/** Each language and its path prefix. */
const BOTH_LANGUAGES: [Locale, string][] = [
  ['es', ''],
  ['en', '/en'],
]

describe('/appointment/ (the mail link)', () => {
  it.each(BOTH_LANGUAGES)(
    'renders for a visitor without the mail link the notice and a sign-in link with the way back (%s)',
    async (locale, prefix) => {
      const texts = messagesFor(locale).appointment_pages
      const res = await api(`${prefix}/appointment/?appointment_id=42`, {
        headers: { accept: 'text/html' },
        redirect: 'manual',
      })
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toContain('data-testid="visitor-notice"')
      expect(html).toContain(texts.visitor_notice)
      expect(html).toContain(texts.to_login.replace('{{n}}', '3'))
      expect(html).toMatch(/<meta name="robots" content="noindex/)
      const href = unescape(/<a[^>]*href="([^"]*)"[^>]*data-testid="sign-in-now"/.exec(html)![1]!)
      const url = new URL(href, 'http://localhost')
      expect(url.pathname).toBe(`${prefix}/login`)
      expect(url.searchParams.get('redirect_to')).toBe(`${prefix}/appointment?appointment_id=42`)
      expect(boot(html)).toMatchObject({ page: 'appointment', locale, user: null })
    },
  )

  it.each(BOTH_LANGUAGES)(
    'with the mail link, asks the visitor to open it with a button: nothing is used by opening the page (%s)',
    async (locale, prefix) => {
      const texts = messagesFor(locale).appointment_pages
      const res = await api(`${prefix}/appointment/?appointment_id=42&user_id=7&authorization=tok-en.123`, {
        headers: { accept: 'text/html' },
        redirect: 'manual',
      })
      expect(res.status).toBe(200)
      const html = (await res.text()).split('<script id="__BOOT__"')[0]!
      expect(html).toContain('data-testid="link-notice"')
      expect(html).toContain(texts.link_notice)
      expect(html).toMatch(new RegExp(`<button[^>]*data-testid="link-open"[^>]*>${texts.link_open}</button>`))
      expect(html).not.toContain('data-testid="visitor-notice"')
      expect(html).not.toContain(texts.to_login.replace('{{n}}', '3'))
    },
  )

  it('renders for a signed-in person without the visitor notice (the appointment is read in the browser)', async () => {
    const page = await signedIn()
    const res = await page('/en/appointment?appointment_id=42')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('data-testid="appointment-page"')
    expect(html).not.toContain('data-testid="visitor-notice"')
  })
})
