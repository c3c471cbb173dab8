// A psychologist's own agenda and profile extras through the Worker (issue 9 §1): saved and
// read back, refused with field errors in both languages, psychologists only, the saved hours
// are the slots people are offered, and the extras show in the public list.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { Role } from '#shared/enums'
import { getDb } from '#worker/db/client'
import { replaceWeek } from '#worker/features/psychologists/psychologists.repo'
import { api, expectErrors, expectFieldErrors, json } from '../helpers'
import { bearer, countRows, register, setRole } from '../users/support'

async function call(
  token: string | null,
  method: string,
  path: string,
  form: Record<string, string> = {},
  locale = 'en',
) {
  const res = await api(path, {
    method,
    headers: token ? bearer(token) : {},
    form: method === 'GET' ? undefined : form,
    locale,
  })
  return { res, body: await json(res) }
}

let n = 0
/** A fresh psychologist (a patient made one directly: no call lets a user change their role). */
async function psychologist() {
  const name = `Agenda Host ${Date.now().toString(36)}${n++}`
  const p = await register({ name })
  await setRole(p.id, Role.psychologist)
  return { ...p, name }
}

const saveWeek = (token: string, form: Record<string, string>, locale = 'en') =>
  call(token, 'POST', '/v1/my/availability', form, locale)
const readWeek = (token: string) => call(token, 'GET', '/v1/my/availability')
const day = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10)
const WEEK = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
const everyDay = (ranges: string) => Object.fromEntries(WEEK.map((d) => [d, ranges]))

describe('GET and POST /v1/my/availability', () => {
  it('saves the week and reads it back: ranges sorted, days off empty, 24:00 kept; a new week replaces the old one', async () => {
    const h = await psychologist()
    const first = await readWeek(h.token)
    expect(first.res.status).toBe(200)
    // No hours yet: the profile's zone (else UTC), 60 minutes, every day off, closed.
    expect(first.body).toMatchObject({ open: false, slot_minutes: 60, days: everyDay('') })

    const saved = await saveWeek(h.token, {
      timezone: 'europe/madrid',
      open: '1',
      slot_minutes: '50',
      monday: '16:00-20:00, 09:00-13:00',
      wednesday: '10:00-12:30',
      friday: '20:00-24:00',
      sunday: '',
    })
    expect(saved.res.status).toBe(200)
    expect(saved.body.message).toBe('Your agenda has been saved.')
    const expected = {
      timezone: 'Europe/Madrid',
      open: true,
      slot_minutes: 50,
      days: { ...everyDay(''), monday: '09:00-13:00,16:00-20:00', wednesday: '10:00-12:30', friday: '20:00-24:00' },
    }
    expect(saved.body).toMatchObject(expected)
    expect((await readWeek(h.token)).body).toMatchObject(expected)
    expect(await countRows('psychologist_availability', 'host_id = ?1', h.id)).toBe(4)
    expect(
      (await env.DB.prepare('SELECT psychologist_open_to_get_appointment AS o FROM users WHERE id = ?1')
        .bind(h.id)
        .first<{ o: number }>())!.o,
    ).toBe(1)

    const again = await saveWeek(
      h.token,
      { timezone: 'America/Bogota', open: '0', slot_minutes: '45', tuesday: '08:00-09:30' },
      'es',
    )
    expect(again.body.message).toBe('Tu agenda se ha guardado.')
    expect((await readWeek(h.token)).body).toMatchObject({
      timezone: 'America/Bogota',
      open: false,
      slot_minutes: 45,
      days: { ...everyDay(''), tuesday: '08:00-09:30' },
    })
    expect(await countRows('psychologist_availability', 'host_id = ?1', h.id)).toBe(1)
  })

  it('refuses bad ranges with field errors in both languages, and keeps the old hours', async () => {
    const h = await psychologist()
    await saveWeek(h.token, { timezone: 'Europe/Madrid', open: '1', slot_minutes: '60', monday: '09:00-12:00' })
    const bad = {
      timezone: 'Europe/Madrid',
      open: '1',
      slot_minutes: '60',
      monday: '9-13',
      tuesday: '13:00-09:00',
      wednesday: '09:00-12:00,11:00-14:00',
      thursday: '25:00-26:00',
      friday: '09:00-10:00,',
    }
    const en = await saveWeek(h.token, bad)
    expectErrors(en, {
      monday: ['Write each range as HH:MM-HH:MM, for example 09:00-13:00.'],
      tuesday: ['Each range must end after it starts.'],
      wednesday: ['Two ranges of this day overlap.'],
      thursday: ['Write each range as HH:MM-HH:MM, for example 09:00-13:00.'],
    })
    const es = await saveWeek(h.token, bad, 'es')
    expect(es.res.status).toBe(422)
    expect(es.body.errors.monday).toEqual(['Escribe cada tramo como HH:MM-HH:MM, por ejemplo 09:00-13:00.'])
    expect(es.body.errors.tuesday).toEqual(['Cada tramo debe terminar después de empezar.'])
    expect(es.body.errors.wednesday).toEqual(['Dos tramos de este día se solapan.'])

    // A range shorter than one session; a session length out of bounds; a zone that is not one.
    const short = await saveWeek(
      h.token,
      { timezone: 'Europe/Madrid', open: '1', slot_minutes: '50', saturday: '09:00-09:30' },
      'es',
    )
    expectErrors(short, { saturday: ['Cada tramo debe durar al menos una sesión.'] })
    const shortEn = await saveWeek(h.token, {
      timezone: 'Europe/Madrid',
      open: '1',
      slot_minutes: '50',
      saturday: '09:00-09:30',
    })
    expect(shortEn.body.errors.saturday).toEqual(['Each range must be at least one session long.'])
    const fields = await saveWeek(h.token, {
      timezone: 'Mars/Olympus',
      open: 'maybe',
      slot_minutes: '10',
      monday: '09:00-10:00',
    })
    expectFieldErrors(fields, ['open', 'slot_minutes', 'timezone'])
    expect(fields.body.errors.slot_minutes).toEqual(['It must be at least 15.'])
    expect((await saveWeek(h.token, { open: '1', slot_minutes: '60' })).body.errors.timezone).toEqual([
      'This field is required.',
    ])

    // Nothing of it was written.
    expect((await readWeek(h.token)).body).toMatchObject({
      open: true,
      slot_minutes: 60,
      days: { ...everyDay(''), monday: '09:00-12:00' },
    })
  })

  it('replaces the week in one batch: a failing insert leaves the old hours', async () => {
    const h = await psychologist()
    await saveWeek(h.token, {
      timezone: 'Europe/Madrid',
      open: '1',
      slot_minutes: '60',
      monday: '09:00-12:00',
      thursday: '15:00-18:00',
    })
    // A row the table's CHECK refuses (end past midnight), after the delete in the same batch.
    await expect(
      replaceWeek(getDb(env.DB), h.id, {
        open: false,
        timezone: 'Europe/Madrid',
        slotMinutes: 60,
        rows: [{ weekday: 2, startMinute: 600, endMinute: 2000 }],
      }),
    ).rejects.toThrow()
    expect((await readWeek(h.token)).body).toMatchObject({
      open: true,
      days: { ...everyDay(''), monday: '09:00-12:00', thursday: '15:00-18:00' },
    })
  })
})

describe('who may', () => {
  it('psychologists only: a patient and an admin are refused 403, a visitor 401', async () => {
    const patient = await register()
    const admin = await register()
    await setRole(admin.id, Role.admin)
    for (const who of [patient, admin]) {
      for (const [method, path, form] of [
        ['GET', '/v1/my/availability', {}],
        ['POST', '/v1/my/availability', { timezone: 'UTC', open: '1', slot_minutes: '60', monday: '09:00-10:00' }],
        ['POST', '/v1/my/psychologist', { degree: 'PhD in Psychology' }],
      ] as const) {
        const { res, body } = await call(who.token, method, path, form, 'es')
        expect(res.status, `${method} ${path}`).toBe(403)
        expect(body.message).toBe('No autorizado.')
      }
    }
    expect(await countRows('psychologist_availability', 'host_id IN (?1, ?2)', patient.id, admin.id)).toBe(0)
    expect((await call(null, 'GET', '/v1/my/availability')).res.status).toBe(401)
    expect((await call(null, 'POST', '/v1/my/psychologist', { degree: 'PhD in Psychology' })).res.status).toBe(401)
  })
})

describe('the saved hours are the slots offered', () => {
  it('every start of the hours, at the session length; a day off offers none; closed: nobody can book', async () => {
    const h = await psychologist()
    const guest = await register()
    const date = day(4)
    const slots = async () =>
      call(guest.token, 'GET', `/v1/appointment/slots?host_id=${h.id}&date=${date}&timezone=Europe/Madrid`)

    await saveWeek(h.token, { timezone: 'Europe/Madrid', open: '1', slot_minutes: '60', ...everyDay('09:00-12:00') })
    expect((await slots()).body.slots.map((s: any) => s.time)).toEqual(['09:00', '10:00', '11:00'])

    await saveWeek(h.token, {
      timezone: 'Europe/Madrid',
      open: '1',
      slot_minutes: '45',
      ...everyDay('09:00-12:00,16:00-17:00'),
    })
    expect((await slots()).body.slots.map((s: any) => s.time)).toEqual(['09:00', '09:45', '10:30', '11:15', '16:00'])

    // Hours on another clock: a guest on that clock sees them as written.
    await saveWeek(h.token, { timezone: 'America/Bogota', open: '1', slot_minutes: '60', ...everyDay('09:00-10:00') })
    const bogota = await call(
      guest.token,
      'GET',
      `/v1/appointment/slots?host_id=${h.id}&date=${date}&timezone=America/Bogota`,
    )
    expect(bogota.body.slots.map((s: any) => s.time)).toEqual(['09:00'])

    // The weekday of that date (Madrid) as a day off: nothing that day.
    const weekday = WEEK[new Date(`${date}T12:00:00Z`).getUTCDay()]!
    await saveWeek(h.token, {
      timezone: 'Europe/Madrid',
      open: '1',
      slot_minutes: '60',
      ...everyDay('09:00-12:00'),
      [weekday]: '',
    })
    const off = await slots()
    expect(off.body.slots).toEqual([])
    expect(off.body.message).toBe('No slots for this day.')
    expect(
      (await call(guest.token, 'GET', `/v1/appointment/slots?host_id=${h.id}&date=${day(5)}&timezone=Europe/Madrid`))
        .body.slots,
    ).toHaveLength(3)

    await saveWeek(h.token, { timezone: 'Europe/Madrid', open: '0', slot_minutes: '60', ...everyDay('09:00-12:00') })
    const closed = await slots()
    expect(closed.res.status).toBe(404)
    expect(closed.body.message).toBe('No psychologists available.')
  })
})

describe('POST /v1/my/psychologist', () => {
  it('writes the extras sent, keeps the others, and they show in GET /v1/users/psychologists', async () => {
    const h = await psychologist()
    const saved = await call(
      h.token,
      'POST',
      '/v1/my/psychologist',
      {
        degree: 'Master in Clinical Psychology',
        specialist_in_symptoms: 'anxiety|insomnia,anxiety',
        specialized_in_the_category: 'sleep',
        speaks_in: 'es,en',
        nationality: 'Colombia',
        located_at: 'Spain',
      },
      'es',
    )
    expect(saved.res.status).toBe(200)
    expect(saved.body.message).toBe('Tu perfil profesional se ha guardado.')
    const extras = {
      degree: 'Master in Clinical Psychology',
      specialist_in_symptoms: ['anxiety', 'insomnia'],
      specialized_in_the_category: 'sleep',
      speaks_in: ['es', 'en'],
      nationality: 'Colombia',
      located_at: 'Spain',
    }
    expect(saved.body.psychologist).toMatchObject({ id: h.id, name: h.name, ...extras })

    const listed = async (q = '') =>
      (await json(await api(`/v1/users/psychologists?per_page=100&filters[search]=${encodeURIComponent(h.name)}${q}`)))
        .psychologists as any[]
    expect((await listed())[0]).toMatchObject({ id: h.id, ...extras })
    expect((await listed('&filters[symptom]=insomnia')).map((p) => p.id)).toEqual([h.id])
    expect(await listed('&filters[symptom]=panic')).toEqual([])

    // Only what is sent changes; 'none' clears; a list may come as name[].
    await call(h.token, 'POST', '/v1/my/psychologist', {
      nationality: 'Mexico',
      degree: 'none',
      'speaks_in[]': 'en',
      specialist_in_symptoms: 'none',
    })
    expect((await listed())[0]).toMatchObject({
      ...extras,
      nationality: 'Mexico',
      degree: null,
      speaks_in: ['en'],
      specialist_in_symptoms: [],
    })
    const me = await call(h.token, 'GET', '/v1/user')
    expect(me.body.user).toMatchObject({
      nationality: 'Mexico',
      located_at: 'Spain',
      specialized_in_the_category: 'sleep',
    })
    // Nothing sent: nothing changes.
    expect((await call(h.token, 'POST', '/v1/my/psychologist', {})).body.psychologist).toMatchObject({
      nationality: 'Mexico',
      located_at: 'Spain',
    })
  })

  it('refuses values outside the lists, in both languages', async () => {
    const h = await psychologist()
    const bad = {
      degree: 'Wizard',
      specialist_in_symptoms: 'anxiety|astrology',
      specialized_in_the_category: 'tarot',
      speaks_in: 'fr',
      nationality: 'Atlantis',
      located_at: 'none ',
    }
    const en = await call(h.token, 'POST', '/v1/my/psychologist', bad)
    expectErrors(en, {
      degree: ['Choose one of the options.'],
      specialist_in_symptoms: ['Choose one of the options.'],
      specialized_in_the_category: ['Choose one of the options.'],
      speaks_in: ['Choose one of the options.'],
      nationality: ['Choose one of the options.'],
    })
    const es = await call(h.token, 'POST', '/v1/my/psychologist', { speaks_in: 'none' }, 'es')
    expect(es.res.status).toBe(422)
    expect(es.body.errors.speaks_in).toEqual(['Elige una de las opciones.'])
    const row = await env.DB.prepare('SELECT degree, nationality, located_at FROM users WHERE id = ?1')
      .bind(h.id)
      .first()
    expect(row).toEqual({ degree: null, nationality: null, located_at: null })
  })
})
