// The legal pages (issue 8 §5) and the remaining text pages (§7): upgrade, thanks, not found and
// the error page, rendered by the real Worker in both languages.
import { env } from 'cloudflare:test'
import { tokenHash } from '#worker/lib/crypto'
import { exports } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { LEGAL_KINDS, legalDocumentSchema, type LegalKind } from '#shared/contract/legal'
import { LEGAL_DOCUMENTS, LEGAL_UPDATED } from '#shared/i18n/legal'
import { messagesFor } from '#shared/i18n/messages'
import { matchPath } from '#shared/pages'
import { ROUTABLE } from '#client/app/pages.ts'
import { register } from '../users/support'

const page = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, {
    redirect: 'manual',
    ...init,
    headers: { accept: 'text/html', ...(init?.headers as Record<string, string>) },
  })
const bootOf = (html: string) => JSON.parse(/<script id="__BOOT__"[^>]*>(.*?)<\/script>/s.exec(html)![1]!)
/** Text as React escapes it into an element. */
const reactText = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!).replace(/'/g, '&#x27;')
/** Paragraph text as the page shows it: `[label](target)` links keep their label. */
const shown = (s: string) => s.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
type Locale = 'es' | 'en'
const LOCALES: Locale[] = ['es', 'en']
const prefix = (l: Locale) => (l === 'en' ? '/en' : '')

describe('the legal pages', () => {
  it('render in both languages with the date, a table of contents and every section heading', async () => {
    for (const locale of LOCALES) {
      for (const kind of LEGAL_KINDS) {
        const path = `${prefix(locale)}/${kind}`
        const res = await page(path)
        expect(res.status, path).toBe(200)
        const html = await res.text()
        const doc = LEGAL_DOCUMENTS[locale][kind]
        expect(html, path).toContain(`<html lang="${locale}">`)
        expect(html, path).toContain(`data-testid="legal-${kind}"`)
        expect(html, path).toContain(`<h1>${reactText(messagesFor(locale).pages[kind])}</h1>`)
        expect(html, path).toContain(`<time dateTime="${LEGAL_UPDATED}">`)
        expect(html, path).toContain(locale === 'es' ? '23 de noviembre de 2026' : '23 November 2026')
        expect(doc.sections.length, path).toBeGreaterThanOrEqual(5)
        for (const s of doc.sections) {
          expect(html, `${path} ${s.id}`).toContain(`<h2 id="${s.id}">${reactText(s.h)}</h2>`)
          expect(html, `${path} toc ${s.id}`).toContain(`<a href="#${s.id}">${reactText(s.h)}</a>`)
        }
        // The first paragraph is in the HTML (not only after hydration) and describes the page.
        expect(html, path).toContain(reactText(shown(doc.intro[0]!)))
        expect(html, path).toContain(`<meta name="description" content="`)
        const b = bootOf(html)
        expect(b.data, path).toMatchObject({ kind, updated: LEGAL_UPDATED })
        // Every legal page points to help in a crisis.
        expect(html, path).toContain(`href="${prefix(locale)}/help"`)
      }
    }
  })

  it('say what the brief asks of them: controller, health data, rights, AEPD, cookies by name, adults only', async () => {
    const privacy = await (await page('/en/privacy')).text()
    for (const s of [
      'Calma Salud S.L. (demo)',
      'privacy@calma.app',
      'dpo@calma.app',
      '9(2)(a)',
      'Standard Contractual Clauses',
      'Cloudflare',
      'Stripe',
      'Resend',
      'www.aepd.es',
      'Download my data',
      'legal age',
    ])
      expect(privacy, s).toContain(s)
    expect(privacy).toContain('href="/en/profile"')
    expect(privacy).toContain('href="mailto:dpo@calma.app"')
    const cookies = await (await page('/cookies')).text()
    for (const name of [
      'calma_session',
      '__Host-calma_viewer', // issue 32 §4: whose the offline copies are
      'tz',
      'calma_oauth',
      'calma_consent',
      'user',
      'session_id',
      'locale',
      'language_notification',
      'articles_read',
      'agency',
      'visited_at',
      '_fbp',
    ])
      expect(cookies, name).toContain(`>${name}</th>`)
    expect(cookies).toContain('data-testid="legal-cookie-settings"')
    const terms = await (await page('/terms')).text()
    expect(terms).toContain('no es un servicio de emergencias')
    expect(terms).toContain('una vez cada 7 días')
    expect(terms).toContain('ley española')
    const consent = await (await page('/en/consent')).text()
    expect(consent).toContain('I am an adult and accept receiving the kit and the invitation.')
  })

  it('hold every text to its contract, with the same sections in both languages and links that lead somewhere', () => {
    for (const kind of LEGAL_KINDS) {
      const es = LEGAL_DOCUMENTS.es[kind]
      const en = LEGAL_DOCUMENTS.en[kind]
      expect(legalDocumentSchema.safeParse(es).success, kind).toBe(true)
      expect(legalDocumentSchema.safeParse(en).success, kind).toBe(true)
      expect(es.sections.length, kind).toBe(en.sections.length)
      for (const [i, s] of en.sections.entries())
        expect(es.sections[i]!.body.length, `${kind} ${s.id}`).toBe(s.body.length)
      for (const doc of [es, en]) expect(new Set(doc.sections.map((s) => s.id)).size, kind).toBe(doc.sections.length)
    }
    // A link to a page of this site names a page of the table, and its anchor a section there.
    const kindOf = (path: string): LegalKind | null =>
      (LEGAL_KINDS as readonly string[]).includes(path.slice(1)) ? (path.slice(1) as LegalKind) : null
    for (const locale of LOCALES) {
      const text = JSON.stringify(LEGAL_DOCUMENTS[locale])
      const links = [...text.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1]!)
      expect(links.length).toBeGreaterThan(10)
      for (const link of links) {
        const [path, anchor] = link.split('#') as [string, string | undefined]
        expect(
          ROUTABLE.some(({ entry }) => matchPath(entry.path, path)),
          `${locale} ${link}`,
        ).toBe(true)
        if (anchor)
          expect(
            LEGAL_DOCUMENTS[locale][kindOf(path)!].sections.map((s) => s.id),
            `${locale} ${link}`,
          ).toContain(anchor)
      }
    }
  })

  it('are not in the messages every page embeds (they travel as their own page data)', async () => {
    const home = await (await page('/')).text()
    const aParagraph = LEGAL_DOCUMENTS.es.privacy.sections.find((s) => s.id === 'salud')!.body[0] as string
    expect(home).not.toContain(aParagraph.slice(0, 60))
    expect(JSON.stringify(messagesFor('es'))).not.toContain(aParagraph.slice(0, 60))
  })
})

describe('the remaining text pages', () => {
  it('upgrade: unlock everything with a subscription, to the subscription page and to contact', async () => {
    const me = await register({}, 'es')
    const cookie = { cookie: `calma_session=${me.token}` }
    for (const locale of LOCALES) {
      const res = await page(`${prefix(locale)}/upgrade`, { headers: cookie })
      expect(res.status).toBe(200)
      const html = await res.text()
      const m = messagesFor(locale).upgrade_page
      expect(html).toContain('data-testid="upgrade-page"')
      expect(html).toContain(reactText(m.title))
      for (const b of m.benefits) expect(html).toContain(reactText(b))
      expect(html).toContain(`href="${prefix(locale)}/subscription"`)
      expect(html).toContain(`href="${prefix(locale)}/contact"`)
    }
    // Visitors are sent to sign in first.
    expect((await page('/upgrade')).status).toBe(302)
  })

  it('thanks: thank you for the purchase, continue to the journey; kept out of search results', async () => {
    for (const locale of LOCALES) {
      const res = await page(`${prefix(locale)}/thanks`)
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toContain(reactText(messagesFor(locale).thanks_page.title))
      expect(html).toContain(`href="${prefix(locale)}/journey" data-testid="thanks-continue"`)
      expect(html).toContain('<meta name="robots" content="noindex')
    }
  })

  it('not found: SPEC §8 text, the way home (or to the plan when signed in) and help', async () => {
    const visitor = await page('/esto-no-existe')
    expect(visitor.status).toBe(404)
    const html = await visitor.text()
    expect(html).toContain('No encontramos lo que estás buscando.')
    expect(html).toContain(`>${reactText(messagesFor('es').notfound.home)}</a>`)
    expect(html).toContain('<p class="fallback-help">')
    expect(html).toContain('href="/help"')
    const me = await register({}, 'en')
    const signedIn = await (await page('/en/nothing-here', { headers: { cookie: `calma_session=${me.token}` } })).text()
    expect(signedIn).toContain('We did not find what you are looking for.')
    expect(signedIn).toContain('<a class="button button-primary" href="/en/journey">Go to my plan</a>')
  })

  it('the error page: SPEC §8 texts, try again or contact us, and help', async () => {
    const me = await register({}, 'en')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    // The session cannot be read (its KV record holds, for a moment, what is not a record; the
    // session check reads KV only): a user page is the error page, 503.
    const key = `session:${await tokenHash(env as never, me.token)}`
    const kept = await env.KV.get(key)
    await env.KV.put(key, '{not json')
    try {
      const res = await page('/en/profile', { headers: { cookie: `calma_session=${me.token}` } })
      expect(res.status).toBe(503)
      const html = await res.text()
      expect(html).toContain('data-testid="error-page"')
      expect(html).toContain('Something went wrong!')
      expect(html).toContain(reactText(messagesFor('en').errors.generic))
      expect(html).toContain('href="/en/contact"')
      expect(html).toContain('href="/en/help"')
    } finally {
      await env.KV.put(key, kept!)
      warn.mockRestore()
    }
  })
})
