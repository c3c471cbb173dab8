import { describe, expect, it } from 'vitest'
import { call, guest } from '../appointments/support'

// A number field left out is "required", in the caller's language, like every other field: the
// number's own message ("It must be a number.") is for a value that is there and is not one.
describe('a number field that is missing', () => {
  it('is named required, in English and Spanish; a wrong one still says it must be a number', async () => {
    const g = await guest()
    const missingEn = await call(g.token, 'POST', '/v1/appointment/cancel', { reason: '1' }, 'en')
    expect(missingEn.res.status).toBe(422)
    expect(missingEn.body.errors).toMatchObject({ id: ['This field is required.'] })
    const missingEs = await call(g.token, 'POST', '/v1/appointment/cancel', { reason: '1' }, 'es')
    expect(missingEs.res.status).toBe(422)
    expect(missingEs.body.errors).toMatchObject({ id: ['Este campo es obligatorio.'] })
    const wrong = await call(g.token, 'POST', '/v1/appointment/cancel', { id: 'abc', reason: '1' }, 'es')
    expect(wrong.res.status).toBe(422)
    expect(wrong.body.errors).toMatchObject({ id: ['Debe ser un número.'] })
  })
})
