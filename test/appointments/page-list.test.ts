// /appointments painted by the server (issue 43 §1, docs/decisions/081): the page's loader reads
// the first page of the tab's list with the browser's own query, so the list is in the HTML (no
// "Loading") and the page waits for the first touch to start React. The caller's sessions only.
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { messagesFor } from '#shared/i18n/messages'
import { lazyPage } from '#worker/ssr/lazy-pages'
import { makeAppointment } from '../factories'
import { api } from '../helpers'
import { register, sessionCookie, setRole } from '../users/support'

type Locale = 'es' | 'en'
const BOTH_LANGUAGES: [Locale, string][] = [
  ['es', ''],
  ['en', '/en'],
]
const HOUR = 3_600_000
const boot = (html: string) => JSON.parse(/<script id="__BOOT__"[^>]*>(.*?)<\/script>/s.exec(html)![1]!)
/** The page's HTML before its boot data (what is painted, not the JSON that hydrates it). */
const painted = (html: string) => html.split('<script id="__BOOT__"')[0]!
/** The ids of the cards painted, in order. */
const cards = (html: string) =>
  [...painted(html).matchAll(/<article[^>]*data-testid="appointment"[^>]*data-id="(\d+)"/g)].map((m) => Number(m[1]))

async function person(name: string, role?: number) {
  const u = await register({ name })
  if (role) await setRole(u.id, role)
  const cookie = `calma_session=${sessionCookie(u.res)}`
  return {
    id: u.id,
    page: (path: string) => api(path, { headers: { cookie, accept: 'text/html' }, redirect: 'manual' }),
  }
}

describe('/appointments painted by the server (decision 081)', () => {
  it.each(BOTH_LANGUAGES)(
    'paints the first page of the caller’s Ongoing list, soonest first, with "Show more", and waits for a touch (%s)',
    async (locale, prefix) => {
      const texts = messagesFor(locale).appointment_pages
      const guest = await person('Ana Lista')
      const host = await person('Dra. Pintada', Role.psychologist)
      const now = Date.now()
      // 22 live sessions (2 pages of 20), one in the past (History), and someone else's.
      const mine: number[] = []
      for (let i = 0; i < 22; i++) mine.push(await makeAppointment(guest.id, host.id, now + (48 + i) * HOUR))
      const past = await makeAppointment(guest.id, host.id, now - 72 * HOUR, { status: AppointmentStatus.attended })
      const stranger = await person('Otra Persona')
      const theirs = await makeAppointment(stranger.id, host.id, now + 30 * HOUR)

      const res = await guest.page(`${prefix}/appointments`)
      expect(res.status).toBe(200)
      const html = await res.text()
      const b = boot(html)
      expect(b.data.list.kind).toBe('ongoing')
      expect(b.data.list.pagination).toMatchObject({ current_page: 1, last_page: 2, total: 22 })
      // The first 20, soonest first, every one the caller's; the other person's session nowhere.
      expect(cards(html)).toEqual(mine.slice(0, 20))
      expect(b.data.list.appointments.every((a: { guest_id: number }) => a.guest_id === guest.id)).toBe(true)
      expect(cards(html)).not.toContain(theirs)
      expect(cards(html)).not.toContain(past)
      // Drawn in the page's language, with the psychologist's name, and no "Loading".
      expect(painted(html)).toContain(texts.with.replace('{{name}}', 'Dra. Pintada'))
      expect(painted(html)).toContain(texts.state.waiting_you)
      expect(painted(html)).toContain(`>${texts.show_more}</button>`)
      expect(painted(html)).toContain('data-testid="cancel-open"')
      expect(painted(html)).not.toContain('data-testid="loading"')
      expect(lazyPage(b)).toBe(true)

      // History: the past session, newest first, painted too.
      const history = await (await guest.page(`${prefix}/appointments?tab=appointments`)).text()
      expect(boot(history).data.list.kind).toBe('history')
      expect(cards(history)).toEqual([past])
      expect(painted(history)).not.toContain(`>${texts.show_more}</button>`)
      expect(lazyPage(boot(history))).toBe(true)

      // The booking tab reads its psychologists in the browser: no list, React at once.
      const booking = boot(await (await guest.page(`${prefix}/appointments?tab=make_an_appointment`)).text())
      expect(booking.data.list).toBeNull()
      expect(lazyPage(booking)).toBe(false)
    },
  )

  it('paints a psychologist’s agenda as host, and an empty list says so in the page', async () => {
    const host = await person('Dr. Agenda', Role.psychologist)
    const guest = await person('Paciente Uno')
    const id = await makeAppointment(guest.id, host.id, Date.now() + 50 * HOUR, {
      status: AppointmentStatus.confirmed,
    })
    const html = await (await host.page('/en/appointments')).text()
    expect(cards(html)).toEqual([id])
    expect(painted(html)).toContain('With Paciente Uno')

    const nobody = await person('Sin Citas')
    const empty = await (await nobody.page('/appointments')).text()
    expect(boot(empty).data.list.appointments).toEqual([])
    expect(painted(empty)).toContain('data-testid="ongoing-empty"')
    expect(painted(empty)).toContain(messagesFor('es').appointment_pages.ongoing_empty)
  })

  it('a list D1 cannot read leaves the page served without it (React at once, the list reads itself), never a 500', async () => {
    const guest = await person('Lista Caída')
    // The failure is logged (expected here: the test's own spy, CONVENTIONS 12).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await env.DB.exec('ALTER TABLE appointments RENAME TO appointments_gone')
    try {
      for (const path of ['/appointments', '/en/appointments?tab=appointments']) {
        const res = await guest.page(path)
        expect(res.status, path).toBe(200)
        const html = await res.text()
        expect(boot(html).data.list, path).toBeNull()
        expect(lazyPage(boot(html)), path).toBe(false)
      }
    } finally {
      await env.DB.exec('ALTER TABLE appointments_gone RENAME TO appointments')
    }
    expect(logged).toHaveBeenCalledWith('appointments page: the list could not be read', expect.anything())
    logged.mockRestore()
  })
})
