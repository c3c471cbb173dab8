// Attack on issue 44 §4 (POST /v1/my/safety-plan): bad input gets a field error that says what is
// wrong. A `plan` over its 20,000 characters answered "This field is required." / "Este campo es
// obligatorio." (the string's one custom message covered every problem of it).
import { describe, expect, it } from 'vitest'
import { register } from '../users/support'
import { call } from '../shares/support'

describe('attack: the safety plan’s field errors', () => {
  it('a plan too long says it is too long, in English and Spanish; a missing one is required', async () => {
    const person = await register({ name: 'Ana' })
    const plan = JSON.stringify({ coping: ['a'], pad: 'x'.repeat(20_100) })
    const en = await call(person.token, 'POST', '/v1/my/safety-plan', { plan }, 'en')
    expect(en.res.status).toBe(422)
    expect(en.body.errors.plan).toEqual([expect.stringMatching(/^It must have at most 20.?000 characters\.$/)])
    const es = await call(person.token, 'POST', '/v1/my/safety-plan', { plan }, 'es')
    expect(es.body.errors.plan).toEqual([expect.not.stringMatching(/obligatorio/)])
    const missing = await call(person.token, 'POST', '/v1/my/safety-plan', {}, 'en')
    expect(missing.body.errors.plan).toEqual(['This field is required.'])
  })

  it('a step of the wrong type says the value is not valid, never "required", in both languages; nothing is kept', async () => {
    const person = await register({ name: 'Ana' })
    for (const plan of [
      { coping: 'breathe' },
      { coping: [3] },
      { people: [{ name: ['Ana'] }] },
      { warning_signs: { a: 1 } },
    ]) {
      for (const locale of ['en', 'es']) {
        const out = await call(person.token, 'POST', '/v1/my/safety-plan', { plan: JSON.stringify(plan) }, locale)
        expect(out.res.status, JSON.stringify(plan)).toBe(422)
        const said = Object.values(out.body.errors as Record<string, string[]>).flat()
        expect(said.length, JSON.stringify(out.body.errors)).toBeGreaterThan(0)
        for (const text of said) expect(text, JSON.stringify(plan)).not.toMatch(/required|obligatorio/i)
      }
    }
    const kept = await call(person.token, 'GET', '/v1/my/safety-plan')
    expect(kept.body.plan).toBeNull()
  })
})
