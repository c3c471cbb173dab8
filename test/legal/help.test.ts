// Help in a crisis (issue 8 §6): /help lists the person's country first (their profile's, the
// request's, else the language's), works for a visitor with plain tel:/sms: links, is linked
// from the header of every page, and the shared page cache keeps one copy per country.
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { patchUser } from '../factories'
import { CRISIS_CODES, CRISIS_COUNTRIES } from '#shared/crisis-lines'
import { register } from '../users/support'

const page = (path: string, headers: Record<string, string> = {}) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, {
    redirect: 'manual',
    headers: { accept: 'text/html', ...headers },
  })
const bootOf = (html: string) => JSON.parse(/<script id="__BOOT__"[^>]*>(.*?)<\/script>/s.exec(html)![1]!)
/** The tel: targets in the order the page shows them. */
const tels = (html: string) => [...html.matchAll(/href="tel:([^"]+)"/g)].map((m) => m[1]!)
/** The countries' sections in the order the page shows them. */
const countries = (html: string) => [...html.matchAll(/data-country="([A-Z]{2})"/g)].map((m) => m[1]!)

async function help(path: string, headers: Record<string, string> = {}) {
  const res = await page(path, headers)
  expect(res.status, path).toBe(200)
  const html = await res.text()
  return { html, boot: bootOf(html) }
}

async function userIn(country: string | null, language = 'es') {
  const me = await register({ language }, language)
  await patchUser(me.id, { countryCode: country })
  return { cookie: `calma_session=${me.token}` }
}

describe('/help', () => {
  it('shows Spain first for a visitor in Spain: 112 first and prominent, then 024', async () => {
    const { html, boot } = await help('/help', { 'cf-ipcountry': 'ES' })
    expect(boot.user).toBeNull()
    expect(boot.data).toEqual({ first: ['ES'], from: 'request' })
    expect(countries(html)[0]).toBe('ES')
    expect(countries(html)).toHaveLength(CRISIS_CODES.length)
    // The danger line names the emergency number with a link, before anything else.
    expect(html).toMatch(
      /data-testid="help-danger"[\s\S]*?Si estás en peligro inmediato, llama ahora al <a href="tel:112"><strong>112<\/strong><\/a>/,
    )
    const order = tels(html)
    expect(order.slice(0, 4)).toEqual(['112', '112', '024', '717003717'])
    expect(order.indexOf('024')).toBeLessThan(order.indexOf('988'))
    expect(html).toContain('class="button button-emergency" href="tel:112"')
    expect(html).toContain('Línea 024 de atención a la conducta suicida')
  })

  it('shows the United States first for a request from the US: 911, then 988 by call and by text', async () => {
    const { html, boot } = await help('/en/help', { 'cf-ipcountry': 'US' })
    expect(boot.data).toEqual({ first: ['US'], from: 'request' })
    expect(countries(html)[0]).toBe('US')
    expect(html).toContain('If you are in immediate danger, call <a href="tel:911"><strong>911</strong></a> now.')
    expect(tels(html).slice(0, 3)).toEqual(['911', '911', '988'])
    expect(html).toContain('href="sms:988"')
    expect(html).toContain('href="sms:741741?&amp;body=HOME"')
  })

  it('without a country, follows the language: Spain in Spanish, the UK and the US in English', async () => {
    const es = await help('/help')
    expect(es.boot.data).toEqual({ first: ['ES'], from: 'language' })
    const en = await help('/en/help', { 'cf-ipcountry': 'XX' })
    expect(en.boot.data).toEqual({ first: ['GB', 'US'], from: 'language' })
    expect(countries(en.html).slice(0, 2)).toEqual(['GB', 'US'])
    expect(en.html.replaceAll('<!-- -->', '')).toContain(
      'call <a href="tel:999"><strong>999</strong></a> (United Kingdom) or <a href="tel:911"><strong>911</strong></a> (United States) now.',
    )
    // A country with no lines of ours (France) also falls back to the language.
    expect((await help('/help', { 'cf-ipcountry': 'FR' })).boot.data).toEqual({ first: ['ES'], from: 'language' })
  })

  it("puts a signed-in person's own country first, and also where they are when it differs", async () => {
    const spaniard = await userIn('ES')
    const inUs = await help('/en/help', { ...spaniard, 'cf-ipcountry': 'US' })
    expect(inUs.boot.user).not.toBeNull()
    expect(inUs.boot.data).toEqual({ first: ['ES', 'US'], from: 'user' })
    expect(countries(inUs.html).slice(0, 2)).toEqual(['ES', 'US'])
    expect(tels(inUs.html)[0]).toBe('112')
    const atHome = await help('/help', spaniard)
    expect(atHome.boot.data).toEqual({ first: ['ES'], from: 'user' })
    // A profile without a country, or one we have no lines for: the request's, else the language's.
    expect((await help('/help', { ...(await userIn(null)), 'cf-ipcountry': 'MX' })).boot.data).toEqual({
      first: ['MX'],
      from: 'request',
    })
    expect((await help('/en/help', await userIn('FR', 'en'))).boot.data).toEqual({
      first: ['GB', 'US'],
      from: 'language',
    })
  })

  it('lists every country with its emergency number first and every number as a tel: link', async () => {
    const { html } = await help('/en/help', { 'cf-ipcountry': 'CL' })
    const order = tels(html)
    for (const c of CRISIS_COUNTRIES) {
      expect(html).toContain(`data-country="${c.code}"`)
      for (const n of [...c.emergency, ...c.lines].filter((n) => !n.textOnly))
        expect(order, `${c.code} ${n.number}`).toContain(n.tel)
    }
    expect(countries(html)[0]).toBe('CL')
    expect(order.slice(0, 3)).toEqual(['131', '131', '*4141'])
    // Every section of a country starts with its emergency number.
    for (const section of html.split('data-testid="help-country"').slice(1))
      expect(section.indexOf('help-emergency')).toBeLessThan(section.indexOf('data-testid="help-line"'))
  })

  it('is linked from the header of every page, for visitors and for signed-in people', async () => {
    const home = await (await page('/')).text()
    expect(home).toMatch(
      /<header[^>]*data-testid="header"[\s\S]*?<a class="help-link" href="\/help" data-testid="help-link">[\s\S]*?¿Necesitas ayuda ahora\?[\s\S]*?<\/header>/,
    )
    const me = await userIn('ES', 'en')
    const journey = await page('/en/journey', me)
    expect(journey.status).toBe(200)
    expect(await journey.text()).toMatch(
      /<header[^>]*data-testid="header"[\s\S]*?<a class="help-link" href="\/en\/help" data-testid="help-link">[\s\S]*?Need help now\?[\s\S]*?<\/header>/,
    )
    const own = await (await page('/help')).text()
    expect(own).toContain('<a class="help-link" href="/help" data-testid="help-link" aria-current="page">')
  })
})

describe('/help in the shared page cache', () => {
  it("keeps one copy per country: a visitor never gets another country's lines first", async () => {
    const path = '/en/help?cache-test=1'
    const first = async (country?: string) =>
      bootOf(await (await page(path, country ? { 'cf-ipcountry': country } : {})).text()).data.first
    expect(await first('US')).toEqual(['US'])
    expect(await first('ES')).toEqual(['ES'])
    expect(await first('US')).toEqual(['US'])
    expect(await first()).toEqual(['GB', 'US'])
    expect(await first('MX')).toEqual(['MX'])
  })
})
