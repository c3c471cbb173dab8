// Issue 42 §9: the audit trail in people's words. The list names the people a snapshot names by
// id (a notification's receivers, its actor) and the admin reads an action by its name, dates in
// their own zone and words for stored codes, in both languages.
import { describe, expect, it } from 'vitest'
import { messagesFor } from '#shared/i18n/messages'
import { createTranslator } from '#shared/i18n/index'
import { actionKey, entityKey } from '#client/features/admin/actions.ts'
import { readValue } from '#client/features/admin/audit-words.ts'
import { AUDITED } from '#worker/features/admin/audit'
import { json } from '../helpers'
import { register } from '../users/support'
import { people, send } from './support'

const reader = (locale: 'es' | 'en', timeZone: string, names: Record<string, string> = {}) => ({
  t: createTranslator(locale, messagesFor(locale)),
  boot: { locale, timeZone },
  people: names,
})

describe('the audit list', () => {
  it("names the actor and the people a notification's snapshot names by id", async () => {
    const { admin } = await people()
    const ana = await register({ name: 'Ana Receptora' })
    const made = await send('POST', '/v1/notification', admin.token, {
      language: 'es',
      role_recipients: '1',
      receivers: String(ana.id),
      title_es: 'Hola',
      description_es: 'Una nota',
    })
    expect(made.status).toBe(201)
    const res = await send('GET', '/v1/admin/audit', admin.token, { per_page: '5' })
    expect(res.status).toBe(200)
    const row = (await json(res)).rows.find((r: { action: string }) => r.action === 'POST /v1/notification')
    expect(row).toBeDefined()
    expect(row.actor_name).toBe('Test Person')
    expect(row.people).toEqual({ [String(ana.id)]: 'Ana Receptora' })
  })
})

describe("the admin's user list", () => {
  it("gives a psychologist's extras, so the form shows them as they are", async () => {
    const { admin } = await people()
    const psy = await register({ name: 'Lucía Psicóloga' })
    const saved = await send('POST', '/v1/admin/user', admin.token, {
      id: String(psy.id),
      role: '2',
      psychologist_open_to_get_appointment: '1',
      degree: 'Degree in Psychology',
      nationality: 'Spain',
      located_at: 'Mexico',
    })
    expect(saved.status).toBe(200)
    const res = await send('GET', '/v1/users', admin.token, { 'filters[search]': psy.email })
    expect(res.status).toBe(200)
    expect((await json(res)).users[0]).toMatchObject({
      psychologist_open_to_get_appointment: true,
      degree: 'Degree in Psychology',
      nationality: 'Spain',
      located_at: 'Mexico',
    })
  })
})

describe('the audit in words', () => {
  it('every call the trail records by path has a name, in both languages', () => {
    for (const path of Object.keys(AUDITED)) {
      const named = ['POST', 'DELETE'].map((m) => actionKey(`${m} /v1${path}`)).filter(Boolean)
      expect(named.length, path).toBeGreaterThan(0)
      for (const locale of ['es', 'en'] as const) {
        const t = createTranslator(locale, messagesFor(locale))
        for (const key of named) expect(t(key!), `${key} in ${locale}`).not.toMatch(/^admin\.|\{\*Error\}/)
      }
    }
    const es = createTranslator('es', messagesFor('es'))
    const en = createTranslator('en', messagesFor('en'))
    expect(es(actionKey('POST /v1/route')!)).toBe('Guardar una ruta')
    expect(en(actionKey('POST /v1/route')!)).toBe('Save a route')
    expect(actionKey('POST /v1/not-a-call')).toBeNull()
    expect(es(entityKey('post')!)).toBe('Artículo')
  })

  it("shows an epoch-milliseconds date in the reader's zone, not as a number", () => {
    // 1796598735073 is 2026-12-07T... UTC (the example).
    const iso = new Date(1796598735073).toISOString()
    const madrid = readValue('send_at', 1796598735073, reader('es', 'Europe/Madrid'))!
    const newYork = readValue('created_at', 1796598735073, reader('en', 'America/New_York'))!
    expect(madrid).not.toContain('1796598735073')
    expect(madrid).toBe(
      new Intl.DateTimeFormat('es-ES', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/Madrid',
      }).format(new Date(iso)),
    )
    expect(newYork).toMatch(/2026/)
    expect(newYork).not.toBe(madrid)
    // A count is not a date.
    expect(readValue('order', 1796598735073, reader('en', 'UTC'))).toBeNull()
  })

  it('says stored codes and people in words, in both languages', () => {
    expect(readValue('channel', 'in_app', reader('en', 'UTC'))).toBe('In the app')
    expect(readValue('channel', 'in_app', reader('es', 'UTC'))).toBe('En la app')
    expect(readValue('level', 'info', reader('en', 'UTC'))).toBe('Information')
    expect(readValue('level', 'info', reader('es', 'UTC'))).toBe('Información')
    expect(readValue('form · receivers', '4', reader('es', 'UTC', { 4: 'Ana' }))).toBe('Ana')
    expect(readValue('receivers', [4, 9], reader('en', 'UTC', { 4: 'Ana' }))).toBe('Ana, #9')
    expect(readValue('plan_assignments 2 · assigned_by', 8, reader('en', 'UTC', { 8: 'Admin' }))).toBe('Admin')
    expect(readValue('tag', 'route_cover', reader('es', 'UTC'))).toBe('Portada de ruta')
    expect(readValue('role_recipients', '1', reader('en', 'UTC'))).not.toBe('1')
    expect(readValue('title', 'Hola', reader('en', 'UTC'))).toBeNull()
  })
})
