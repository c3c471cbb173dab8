// The form pages, rendered by the server (issue 8 §3; SPEC §2): titles in both languages, the
// feedback opening on step 2 with an email, the call-back form opening on its last step for a
// signed-in person whose details are known, the suggestion page filled from the search.
import { describe, expect, it } from 'vitest'
import { api } from '../helpers'
import { register, sessionCookie } from '../users/support'

const page = (path: string, headers: Record<string, string> = {}) =>
  api(path, { headers: { accept: 'text/html', ...headers } })
const html = async (path: string, headers: Record<string, string> = {}) => {
  const res = await page(path, headers)
  expect(res.status).toBe(200)
  return res.text()
}

describe('form pages', () => {
  for (const [path, es, en] of [
    ['/contact', 'Contáctanos', 'Contact us'],
    ['/letstalk', 'Hablemos', 'Let&#x27;s talk'],
    ['/feedback', 'Ayúdanos a mejorar', 'Help us improve'],
    ['/suggestions', 'Pídenos una ruta', 'Ask us for a route'],
  ] as const) {
    it(`${path} in both languages`, async () => {
      const a = await html(path)
      expect(a).toContain(`<h1>${es}</h1>`)
      const b = await html(`/en${path}`)
      expect(b).toContain(`<h1>${en}</h1>`)
    })
  }

  it('the multi-step forms open on their first step, with Prev disabled', async () => {
    const contact = await html('/contact')
    expect(contact).toContain('data-step="1"')
    expect(contact).toContain('Paso 1 de 3')
    expect(contact).toMatch(/<button[^>]*disabled=""[^>]*data-testid="contact-prev"/)
    expect(await html('/en/feedback')).toContain('Step 1 of 11')
    const call = await html('/en/letstalk')
    expect(call).toContain('Step 1 of 4')
    expect(call).toContain('3 questions left')
  })

  it('/feedback?email= opens on step 2 with the email filled in', async () => {
    const a = await html('/feedback?email=ana%40example.com')
    expect(a).toContain('data-step="2"')
    expect(a).toContain('Paso 2 de 11')
    expect(a).toContain('¿Con qué frecuencia usas Calma?')
    // Not a valid email: the first step, filled in, to correct it.
    const b = await html('/en/feedback?email=nope')
    expect(b).toContain('data-step="1"')
    expect(b).toContain('value="nope"')
  })

  it('/letstalk opens on its last step, filled in, for a signed-in person whose email, name and phone are known', async () => {
    const known = await register({ name: 'Marta Ruiz', phone: '+34612345678', country_code: 'ES' })
    const a = await html('/en/letstalk', { cookie: `calma_session=${sessionCookie(known.res)}` })
    expect(a).toContain('data-step="4"')
    expect(a).toContain('When is a good time to call you?')
    expect(a).toContain('data-testid="letstalk-prefilled"')
    expect(a).toContain('9 AM – 12 PM')
    // Without a phone: the first step, the known details filled in.
    const partial = await register({ name: 'Sin Teléfono' })
    const b = await html('/letstalk', { cookie: `calma_session=${sessionCookie(partial.res)}` })
    expect(b).toContain('data-step="1"')
    expect(b).toContain(`value="${partial.email}"`)
  })

  it('/suggestions takes the search text from ?keyword=', async () => {
    const a = await html('/suggestions?keyword=miedo%20a%20volar')
    expect(a).toContain('Buscaste «miedo a volar».')
    expect(a).toContain('value="miedo a volar"')
  })

  it('the route search links to /suggestions with what was searched when nothing is found', async () => {
    const a = await html('/routes?keyword=zzqqxxnothing')
    expect(a).toContain('href="/suggestions?keyword=zzqqxxnothing"')
  })
})
