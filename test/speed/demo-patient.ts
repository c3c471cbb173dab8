// The demo patient signed in over the API, on the seeded content (routes, posts, plans, people):
// the person the speed tests measure (rounds.test.ts, d1-distance.test.ts, page-calls-rounds.test.ts).
import { expect } from 'vitest'
import { api, json } from '../helpers'
import { givePassword, seedContent } from '../factories'

const PATIENT = 'patient@demo.calma.app'
const PASSWORD = 'Calm-and-steady-42'

/** Seeds the content, gives the demo patient a password, signs in; their bearer token. */
export async function demoPatientToken(): Promise<string> {
  await seedContent({ routes: true, posts: true, plans: true, users: true })
  await givePassword(PATIENT, PASSWORD)
  const res = await api('/v1/user/authenticate', {
    method: 'POST',
    locale: 'es',
    form: { email: PATIENT, password: PASSWORD },
  })
  const body = await json(res)
  expect(res.status, JSON.stringify(body)).toBe(200)
  return body.user.token as string
}
