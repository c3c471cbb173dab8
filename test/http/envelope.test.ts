import { describe, expect, it } from 'vitest'
import { api, json } from '../helpers'

describe('the /v1 envelope', () => {
  it('answers an unknown call with 404 in the envelope, in the request language', async () => {
    const res = await api('/v1/nothing-here', { locale: 'en' })
    expect(res.status).toBe(404)
    const body = await json(res)
    expect(body).toMatchObject({ success: false, message: 'We did not find what you are looking for.' })
  })

  it('speaks Spanish by default and English when asked', async () => {
    const es = await json(await api('/v1/routes?page=0'))
    const en = await json(await api('/v1/routes?page=0', { locale: 'en' }))
    expect(es.message).toBe('Error de validación en los datos proporcionados.')
    expect(en.message).toBe('Validation error in the provided data.')
    expect(es.errors.page).toEqual(['Debe ser como mínimo 1.'])
    expect(en.errors.page).toEqual(['It must be at least 1.'])
  })

  it('takes the language from Accept-Language when no locale header is sent', async () => {
    const body = await json(await api('/v1/routes?page=x', { headers: { 'accept-language': 'es-MX,es;q=0.9' } }))
    expect(body.errors.page).toEqual(['Debe ser un número.'])
    const en = await json(await api('/v1/routes?page=x', { headers: { 'accept-language': 'fr-FR' } }))
    expect(en.errors.page).toEqual(['It must be a number.'])
  })

  it('sets security headers with a fresh CSP nonce per request', async () => {
    const a = await api('/v1/routes')
    const b = await api('/v1/routes')
    expect(a.status).toBe(200)
    expect(a.headers.get('x-content-type-options')).toBe('nosniff')
    expect(a.headers.get('strict-transport-security')).toContain('max-age=')
    expect(a.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    const csp = a.headers.get('content-security-policy')!
    expect(csp).toContain("frame-ancestors 'none'")
    const nonce = (h: string | null) => /'nonce-([^']+)'/.exec(h ?? '')?.[1]
    expect(nonce(csp)).toBeTruthy()
    expect(nonce(csp)).not.toBe(nonce(b.headers.get('content-security-policy')))
    expect(a.headers.get('x-request-id')).toBeTruthy()
  })
})
