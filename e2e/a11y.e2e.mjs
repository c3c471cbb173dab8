/**
 * Every page accessible (issue 24 §4): axe-core (WCAG 2.1 A and AA rules) on every page of the
 * page table, in Spanish and English, on a phone (390×844) and a desktop (1280×800), as a
 * visitor, a patient, a psychologist and an admin. 0 violations.
 *
 * The pages come from the server's own page table (/__dev/pages, local and test runs only), so a
 * new page is checked without being listed here. A page whose path has parameters takes the first
 * matching address of /sitemap.xml in that language (a route, a post, a plan); a parameterised
 * page the sitemap does not list fails the test until it gets a sample below. Who sees what
 * follows the access rules: a visitor sees 'public' and 'guest' pages, a signed-in person
 * 'public' and 'user' ones (a 'guest' page sends them to their landing, already checked). The admin's
 * page is checked on each of its screens. One browser, one signed-in session per role and
 * language; each page loaded once on a phone and checked at both widths (resized in between,
 * decision 031); the checked count is printed. In `npm test` a signed-in role checks half its
 * pages in each language, the halves in turn (inTurn below, decision 041), and a visitor's page
 * takes one width per language, the other in the other (widthsOf, decision 050); E2E_DEEP=1 all. Each load must also be clean: an answer under 400,
 * no console error, no failed request, no hydration warning (the pages are strict, e2e/lib.mjs).
 */
import { createRequire } from 'node:module'
import {
  DEEP,
  DESKTOP,
  PHONE,
  assert,
  assertClean,
  expectFailure,
  newPage,
  sessionCookies,
  waitForHydration,
} from './lib.mjs'

/** axe itself, put in every page before its scripts (one parse per page, no injection per check). */
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const PASSWORD = 'Calma-demo-2026'
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const VIEWPORTS = { phone: PHONE, desktop: DESKTOP }
const ROLES = {
  visitor: null,
  patient: { es: 'patient@demo.calma.app', en: 'patient.en@demo.calma.app' },
  psychologist: { es: 'psico1@demo.calma.app', en: 'psico1@demo.calma.app' },
  admin: { es: 'admin@demo.calma.app', en: 'admin@demo.calma.app' },
}
/** Parameterised pages the sitemap does not list: a sample address (locale-free). */
const SAMPLES = {
  // Plans are not indexed; the demo patients' own plans.
  plan: { es: '/plan/plan-para-calmar-la-ansiedad', en: '/plan/a-plan-for-restful-nights' },
}
/**
 * Pages of one role and language checked side by side. Three were measured (decision 031): a11y
 * no faster (147.8 s against 147.7), lane A starved (accounts 53 → 68 s), the run 15 s longer.
 */
const AT_ONCE = 2
/**
 * Pages that go elsewhere by themselves (the insomnia thanks page opens the kit's first route 3 s
 * after it hydrates): on a loaded machine that came in the middle of axe's read ("Execution context
 * was destroyed") or cut the next page's load (net::ERR_ABORTED). The page is held while checked.
 */
const LEAVES_BY_ITSELF = new Set(['insomniaThanks'])

/**
 * Keeps `page` on `address` until the returned function is called: a navigation of the page's own
 * to anywhere else is cancelled as a person's browser cancels one (net::ERR_ABORTED keeps the
 * document), and expected by the strict check.
 */
async function stayOn(page, address) {
  const here = (url) => new URL(url).pathname === address
  const hold = (route) => {
    const r = route.request()
    if (!r.isNavigationRequest() || r.frame() !== page.mainFrame() || here(r.url())) return route.fallback()
    const cancelled = r.url()
    expectFailure(page, (url) => url === cancelled)
    return route.abort('aborted')
  }
  await page.route('**/*', hold)
  return () => page.unroute('**/*', hold)
}

/** WCAG 2.5.3 (label in name) is an experimental rule in axe 4, off unless asked for. */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } }

export default function ({ test, browser, api }) {
  let pages
  const sitemap = {}
  const checked = { count: 0, byRole: {} }
  const violations = []

  test('the page table and the sitemap give an address for every page', async () => {
    const res = await api('/__dev/pages')
    assert.equal(res.status, 200, res.text)
    pages = res.json
    assert.ok(pages.length >= 30, `the page table lists ${pages.length} pages`)
    const xml = (await api('/sitemap.xml')).text
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname)
    for (const locale of ['es', 'en']) {
      sitemap[locale] = urls
        .filter((u) => (locale === 'en' ? u.startsWith('/en/') : !u.startsWith('/en/')))
        .map((u) => (locale === 'en' ? u.slice(3) : u))
    }
    for (const p of pages.filter((p) => p.path.includes(':'))) {
      for (const locale of ['es', 'en'])
        assert.ok(
          addressOf(p, locale),
          `${p.id} (${p.path}) has no address in ${locale}: add one to SAMPLES in e2e/a11y.e2e.mjs`,
        )
    }
  })

  /** The locale-free address to visit for page `p`. */
  function addressOf(p, locale) {
    if (!p.path.includes(':')) return p.path
    if (SAMPLES[p.id]?.[locale]) return SAMPLES[p.id][locale]
    const re = new RegExp(`^${p.path.replace(/:\w+/g, '[^/]+')}/?$`)
    return sitemap[locale].find((u) => re.test(u))
  }

  const visible = (role) => (p) =>
    role === 'visitor'
      ? p.access !== 'user' && p.id !== 'admin'
      : p.access !== 'guest' && (p.id !== 'admin' || role === 'admin')

  for (const [roleIndex, [role, logins]] of Object.entries(ROLES).entries()) {
    for (const locale of ['es', 'en']) {
      test(
        `axe: ${DEEP || !logins ? 'every page' : 'half the pages (in turn)'} as ${role === 'admin' ? 'an' : 'a'} ${role} in ${locale}, ${DEEP || logins ? 'phone and desktop' : 'phone or desktop (in turn)'}`,
        async () => {
          const prefix = locale === 'en' ? '/en' : ''
          // One session for both pages, signed in from Node (no /login page: it is checked as the visitor's).
          const cookies = logins ? await sessionCookies({ email: logins[locale], password: PASSWORD }) : []
          // One load per page checks both widths (decision 031): the page is loaded on a phone,
          // checked, widened to a desktop and checked again. What the server sends does not
          // depend on the window (it never sees it; Sec-CH-UA-Mobile and the user agent are the
          // same in both contexts), and nothing in the client reads the width or touch in script
          // (CSS media queries by width only), so a resized page is the page a desktop loads.
          // The desktop check keeps the phone context's touch and mobile emulation, which no
          // WCAG 2.1 A/AA rule reads (target size is 2.2). AT_ONCE pages take turns over the
          // page list, so the browser and the server wait on each other less.
          const list = await worthChecking(
            inTurn(pages.filter(visible(role)), roleIndex, locale),
            role,
            locale,
            cookies,
          )
          await Promise.all(
            Array.from({ length: AT_ONCE }, (_, half) => half).map(async (half) => {
              // Strict, like every other journey's page: every page of every role and language
              // also loads clean (no console error, no failed request, no hydration warning).
              const page = await newPage(browser, { viewport: PHONE, locale })
              if (cookies.length) await page.context().addCookies(cookies)
              await page.context().addInitScript({ path: AXE_SOURCE })
              for (const [i, p] of list.entries()) {
                if (i % AT_ONCE !== half) continue
                const address = addressOf(p, locale)
                if (!address) continue // the first test already failed for it
                const sizes = widthsOf(i, roleIndex, locale)
                await page.setViewportSize(VIEWPORTS[sizes[0]])
                const release = LEAVES_BY_ITSELF.has(p.id) ? await stayOn(page, prefix + address) : null
                const res = await page.goto(prefix + address, { waitUntil: 'domcontentloaded' })
                assert.ok(res.status() < 400, `${prefix}${address} (${role}) answered ${res.status()}`)
                await waitForHydration(page)
                const screens =
                  p.id === 'admin'
                    ? await page.locator('[data-testid^="tab-"]').evaluateAll((els) => els.map((e) => e.dataset.testid))
                    : [null]
                for (const screen of screens) {
                  if (screen) {
                    await page.getByTestId(screen).click()
                    await page.waitForLoadState('networkidle')
                  }
                  // The current width first, then the other one: one resize per screen.
                  const current = page.viewportSize().width === PHONE.width ? 'phone' : 'desktop'
                  const widths = [current, ...sizes.filter((w) => w !== current)]
                  for (const vpName of widths) {
                    if (page.viewportSize().width !== VIEWPORTS[vpName].width) {
                      await page.setViewportSize(VIEWPORTS[vpName])
                      // Two frames: the new width laid out and painted before axe reads it.
                      await page.evaluate(
                        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
                      )
                    }
                    await check(
                      page,
                      `${prefix}${address}${screen ? `#${screen}` : ''} (${role}, ${locale}, ${vpName})`,
                      role,
                    )
                  }
                }
                await release?.()
              }
              assertClean(page, `${role}, ${locale}`)
              await page.context().close()
            }),
          )
        },
        { timeout: 300_000 },
      )
    }
  }

  /**
   * The widths page `i` of the list is checked at. The visitor's pages are all checked in both
   * languages, so in `npm test` each takes one width per language, the other width in the other
   * language (every visitor page is still checked at both widths and in both languages, in half
   * the axe runs: axe was ~45% of a11y's time, decision 050). A signed-in role's page is checked
   * in one language (inTurn), so at both widths. E2E_DEEP=1: every page at both widths.
   */
  function widthsOf(i, roleIndex, locale) {
    if (DEEP || roleIndex !== 0) return ['phone', 'desktop']
    return (i + (locale === 'en' ? 1 : 0)) % 2 === 0 ? ['phone'] : ['desktop']
  }

  /**
   * npm test's share of a signed-in role's pages in one language (decision 041): every other page,
   * the other half in the other language, and the halves swap from one role to the next, so each
   * page a signed-in person sees is still checked in both languages in every run (a page only the
   * admin sees, in one). The visitor's pages are all checked in both. E2E_DEEP=1: all of them.
   */
  function inTurn(list, roleIndex, locale) {
    if (DEEP || roleIndex === 0) return list
    const turn = (roleIndex + (locale === 'en' ? 1 : 0)) % 2
    return list.filter((_, i) => i % 2 === turn)
  }

  /**
   * The pages worth a browser for this role (npm test's budget, issue 32): every page only a
   * signed-in person sees, and every public page whose content (its `<main>` as the server
   * renders it, nonces aside) differs from what a visitor gets, so shows something of the
   * person's (a route's player, a prefilled form, a plan of theirs). A public page whose content
   * is the visitor's was checked as the visitor's, in both languages and widths; the frame a
   * signed-in person sees around it is checked on every one of their own pages. What was left
   * out is counted in the report.
   */
  async function worthChecking(list, role, locale, cookies) {
    if (!cookies.length) return list
    const prefix = locale === 'en' ? '/en' : ''
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const mainOf = async (address, headers) => {
      const html = (await api(prefix + address, { headers: { accept: 'text/html', ...headers } })).text
      const main = html.match(/<main[^>]*>([\s\S]*)<\/main>/)?.[1] ?? html
      return main.replace(/\snonce="[^"]*"/g, '')
    }
    const kept = []
    for (const p of list) {
      const address = addressOf(p, locale)
      if (p.access !== 'public' || !address || (await mainOf(address, { cookie })) !== (await mainOf(address, {})))
        kept.push(p)
      else checked.sameAsVisitor = (checked.sameAsVisitor ?? 0) + 1
    }
    return kept
  }

  /** axe on the page as it is now; what it finds is kept for the last test. */
  async function check(page, where, role) {
    // What @axe-core/playwright's AxeBuilder runs (withTags + options), minus its injection of
    // axe's source at every check: there it is already, from the init script.
    const result = await page.evaluate(
      ({ tags, rules }) =>
        window.axe.run(document, { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'] }),
      { tags: TAGS, rules: EXTRA_RULES },
    )
    for (const v of result.violations) {
      violations.push(
        `${where}: ${v.id} [${v.impact}] ${v.help}\n      ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim()}`)
          .join('\n      ')}`,
      )
    }
    checked.count++
    checked.byRole[role] = (checked.byRole[role] ?? 0) + 1
  }

  test('0 violations on every page × role × language × viewport', async () => {
    const roles = Object.entries(checked.byRole)
      .map(([r, n]) => `${r} ${n}`)
      .join(', ')
    console.log(
      `    axe (${TAGS.join(', ')}) checked ${checked.count} page views (pages × role × language × viewport; ${roles}); ` +
        `${checked.sameAsVisitor ?? 0} public pages of a signed-in role × language had the visitor's content (checked as the visitor's)`,
    )
    assert.ok(checked.count >= (DEEP ? 4 : 2) * 2 * 2 * 8, `only ${checked.count} page views were checked`)
    assert.equal(violations.length, 0, `${violations.length} violation(s):\n    ${violations.join('\n    ')}`)
  })
}
