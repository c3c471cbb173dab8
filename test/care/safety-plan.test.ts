// A person's safety plan in their account (issue 44 §4), through the Worker on real D1: only the
// person reads and writes it; the later edit wins by its instant (an old offline copy does not
// overwrite a newer one); bad input is a translated 422 with the field; no admin call shows it.
import { describe, expect, it } from 'vitest'
import { Role } from '#shared/enums'
import { api, json } from '../helpers'
import { bearer, register, setRole } from '../users/support'

const plan = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    warning_signs: ['No duermo', 'Me aíslo'],
    coping: ['Salir a caminar'],
    distractions: ['La biblioteca'],
    people: [{ name: 'Ana', phone: '+34 600 111 222' }],
    professionals: [{ name: 'Línea 024', phone: '024' }],
    environment: ['Dejar las pastillas a mi hermana'],
    ...over,
  })
async function save(token: string, form: Record<string, string>, locale = 'en') {
  const res = await api('/v1/my/safety-plan', { method: 'POST', headers: bearer(token), form, locale })
  return { res, body: await json(res) }
}
async function mine(token: string) {
  const res = await api('/v1/my/safety-plan', { headers: bearer(token), locale: 'en' })
  return { res, body: await json(res) }
}

describe('/v1/my/safety-plan', () => {
  it('none until kept; kept as sent; read back by the person on any session of theirs', async () => {
    const p = await register({ password: '' })
    expect((await mine(p.token)).body.plan).toBeNull()
    const at = new Date(Date.now() - 60_000).toISOString()
    const saved = await save(p.token, { plan: plan(), updated_at: at })
    expect(saved.res.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.kept).toBe(true)
    expect(saved.body.message).toBe('Your safety plan is saved in your account.')
    // The plan as kept is answered by the write's own batch: one D1 round (issue 43 §3; it was 2).
    expect(Number(saved.res.headers.get('x-d1-rounds'))).toBe(1)
    expect(saved.body.plan).toEqual({ ...JSON.parse(plan()), updated_at: at })
    const read = await mine(p.token)
    expect(read.body.plan).toEqual({ ...JSON.parse(plan()), updated_at: at })
  })

  it('the later edit wins: an older copy is not kept and the answer carries the newer one', async () => {
    const p = await register({ password: '' })
    const newer = new Date(Date.now() - 60_000).toISOString()
    const older = new Date(Date.now() - 3_600_000).toISOString()
    await save(p.token, { plan: plan({ coping: ['Respirar'] }), updated_at: newer })
    const late = await save(p.token, { plan: plan({ coping: ['Algo viejo'] }), updated_at: older })
    expect(late.res.status).toBe(200)
    expect(late.body.kept).toBe(false)
    expect(late.body.plan.coping).toEqual(['Respirar'])
    // A clock far ahead counts as now: a later honest edit still wins over it.
    const ahead = new Date(Date.now() + 86_400_000 * 365).toISOString()
    await save(p.token, { plan: plan({ coping: ['Del futuro'] }), updated_at: ahead })
    const honest = await save(p.token, { plan: plan({ coping: ['Ahora'] }) })
    expect(honest.body.kept).toBe(true)
    expect((await mine(p.token)).body.plan.coping).toEqual(['Ahora'])
  })

  it('each person reads only their own; an admin reads nobody’s; a visitor is refused', async () => {
    const p = await register({ password: '' })
    const other = await register({ password: '' })
    const a = await register({ password: '' })
    await setRole(a.id, Role.admin)
    await save(p.token, { plan: plan() })
    expect((await mine(other.token)).body.plan).toBeNull()
    expect((await mine(a.token)).body.plan).toBeNull()
    // No query names another person: an id sent along is an unknown field, never a way in.
    const sneaky = await api(`/v1/my/safety-plan?user_id=${p.id}`, { headers: bearer(a.token), locale: 'en' })
    expect((await json(sneaky)).plan ?? null).toBeNull()
    expect((await api('/v1/my/safety-plan', { locale: 'en' })).status).toBe(401)
    const visitor = await api('/v1/my/safety-plan', { method: 'POST', form: { plan: plan() }, locale: 'en' })
    expect(visitor.status).toBe(401)
  })

  it('bad input: a translated 422 naming the field, never a 500', async () => {
    const p = await register({ password: '' })
    const notJson = await save(p.token, { plan: '{nope' })
    expect(notJson.res.status).toBe(422)
    expect(Object.keys(notJson.body.errors)).toEqual(['plan'])
    const tooMany = await save(p.token, { plan: plan({ coping: Array.from({ length: 7 }, (_, i) => `x${i}`) }) }, 'es')
    expect(tooMany.res.status).toBe(422)
    expect(tooMany.body.errors).toEqual({ 'plan.coping': ['Como máximo 6 líneas en cada paso.'] })
    const phone = await save(p.token, { plan: plan({ people: [{ name: 'Ana', phone: 'call me' }] }) })
    expect(phone.res.status).toBe(422)
    expect(phone.body.errors).toEqual({
      'plan.people.0.phone': ['Write a phone number with digits only (and +, spaces).'],
    })
    const long = await save(p.token, { plan: plan({ warning_signs: ['x'.repeat(161)] }) })
    expect(long.res.status).toBe(422)
    expect(Object.keys(long.body.errors)).toEqual(['plan.warning_signs.0'])
    const missing = await save(p.token, {})
    expect(missing.res.status).toBe(422)
    expect((await mine(p.token)).body.plan).toBeNull()
  })
})
