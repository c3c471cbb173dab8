/**
 * Public XSS research in Debian chromium (issue 32 §1). Every input of test/corpus/xss (OWASP's
 * XSS Filter Evasion Cheat Sheet, DOMPurify's test vectors, html5sec.org, PortSwigger's XSS cheat
 * sheet; each file names its source and commit), and the issue's own findings, is saved by the demo publisher
 * through POST /v1/post. What was stored is then opened in Chromium under the production CSP,
 * twice, the second answer from the public page cache: no dialog, no script run (a sentinel the
 * hostile code would have to reach), no CSP violation (a violation would mean the allowlist let
 * something through that only the CSP stopped), no request leaving the site, no navigation, no
 * hydration mismatch (the browser parsed the body as it was written), no page wider than the
 * window, and inside the article no on* attribute, no javascript:/data:/vbscript: URL, no nonce,
 * nothing but the allowlist's tags.
 *
 * Cheap by design (~18 s of the run on the 2-core machine: saves ~13 s, pages ~5 s): the saves go
 * SAVES at a time; the stored bodies are opened side by side in PAGES articles (saved like any
 * other post; since a save stores only a body that cleaning again leaves as it is, that stores
 * exactly their concatenation: asserted), each distinct body once (274 for the 866 stored), one
 * article a tab; each article is read back through GET /v1/posts and must be served as saved,
 * else its members are read and any the read pass changed is opened on its own page. A failing
 * article is halved (each half saved and opened) until the report names the inputs. Every post
 * is dated 2001: it never shows first on /blog nor as another file's "newest post". workerd
 * reads every input's own post through the API, in test/posts/xss-corpus.test.ts.
 *
 * Its saves bump the content version, and security.e2e asserts that a second load is served from
 * the page cache: each e2e lane has its own server and state (e2e/run.mjs), so the two files'
 * writes and reads never interleave.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DESKTOP, assert, expectFailure, issues, newPage, screenshot, waitForHydration } from './lib.mjs'

const PASSWORD = 'Calma-demo-2026'
/** Tabs open at once, and so articles: the stored bodies are opened in PAGES articles, one a tab. */
const PAGES = 2
/** An article's body at most (a save takes MAX_POST_CONTENT_CHARS, 200,000). */
const GROUP_CHARS = 150_000
const SAVES = 16

const CORPUS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test', 'corpus', 'xss')
/** An open-redirect URL in every URL attribute a body may hold (test/posts/xss-corpus.test.ts urlBody). */
const urlBody = (url) => {
  const v = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
  return `<p><a href="${v}">x</a><img src="${v}"><video src="/media/v.mp4" poster="${v}"></video></p>`
}
const read = (dir, f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8'))
/**
 * Every source of test/corpus/xss (one JSON file each, test/corpus/xss/README.md), and those
 * found from outside (test/corpus/xss/outside, decision 036 "Found from outside (HTML)") but
 * payloadbox's list: its 6,590 inputs would take ~2 minutes to save one by one here; workerd
 * cleans every one of them and opens its 266 distinct stored bodies (xss-corpus.test.ts).
 */
const OUTSIDE_DIR = path.join(CORPUS_DIR, 'outside')
const CORPORA = [
  ...readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => read(CORPUS_DIR, f)),
  ...readdirSync(OUTSIDE_DIR)
    .filter((f) => f.endsWith('.json') && !f.startsWith('payloadbox'))
    .sort()
    .map((f) => read(OUTSIDE_DIR, f))
    .map((c) =>
      c.source.kind === 'url' ? { ...c, vectors: c.vectors.map((v) => ({ ...v, input: urlBody(v.input) })) } : c,
    ),
]

/** The findings of issue 32 as they were seen on main, beside the public research. */
const EXPLOIT = (tag) => {
  const open = tag === 'a' ? 'a href="/blog"' : tag // a link without an allowed href is dropped whatever it holds
  return `<${open} constructor=x"/constructor='></${tag}><${open} constructor='a"><script data-calma-nonce>alert(document.domain)</script>'>'</${tag}>`
}
const ISSUE = [
  ...['abbr', 'a', 'h2', 'td', 'ol', 'video'].map((tag) => ({ id: `issue-constructor-${tag}`, input: EXPLOIT(tag) })),
  { id: 'issue-beacon-img', input: '<img src="/&amp;amp;#47;www.facebook.com/tr?id=2&amp;amp;ev=PageView">' },
  {
    id: 'issue-beacon-poster',
    input: '<video src="/media/v.mp4" poster="/&amp;amp;#47;www.google.com/images/x.jpg"></video>',
  },
  {
    id: 'issue-unsplash',
    input: '<img src="&#x2F;/images.unsplash.com/photo-1"><img src="/&#47;www.google-analytics.com/c">',
  },
  { id: 'issue-proto', input: '<abbr __proto__="x" title="t">a</abbr><td __proto__>b</td><h2 __proto__ id="c">c</h2>' },
  {
    id: 'issue-logout-picture',
    input: '<img src="/logout"><img src="/media/../logout"><img src="/media/%2e%2e/logout">',
  },
]

/** Runs `fn` over `items`, `n` at a time. */
async function pool(items, n, fn) {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++
        await fn(items[i], i)
      }
    }),
  )
}

/** What the article holds that it may not, read in the browser's own DOM. */
function articleProblems() {
  const out = []
  const prose = document.querySelector('.prose')
  if (!prose) return ['no article']
  const KEPT = new Set(
    'p br hr h2 h3 h4 h5 h6 strong b em i u s del ins mark small sub sup code kbd pre blockquote q cite abbr ul ol li dl dt dd a img figure figcaption table caption thead tbody tfoot tr th td video audio source track'.split(
      ' ',
    ),
  )
  const URL_ATTRS = new Set([
    'href',
    'src',
    'poster',
    'action',
    'formaction',
    'xlink:href',
    'srcset',
    'data',
    'background',
  ])
  for (const el of prose.querySelectorAll('*')) {
    const tag = el.localName
    if (!KEPT.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') out.push(`<${tag}> in the article`)
    if (el.nonce) out.push(`a nonce on <${tag}>`) // the IDL value: Chromium hides the attribute's once parsed
    for (const { name, value } of el.attributes) {
      if (/^on/i.test(name)) out.push(`${name} on <${tag}>`)
      if (name === 'nonce' || name === 'style' || name === 'srcdoc') out.push(`${name} on <${tag}>`)
      if (!URL_ATTRS.has(name)) continue
      // oxlint-disable-next-line no-control-regex -- URL parsing skips leading C0 controls
      if (/^[\s\u0000-\u001f]*(javascript|data|vbscript)\s*:/i.test(value)) out.push(`${name}="${value}" on <${tag}>`)
      let url
      try {
        url = new URL(value, location.href)
      } catch {
        continue
      }
      if (tag === 'a' && name === 'href') continue // links may leave the site (rel noopener noreferrer nofollow)
      if (url.origin !== location.origin) out.push(`${name} to another host: ${value} on <${tag}>`)
    }
  }
  return out
}

export default function ({ test, browser, baseURL, api }) {
  const origin = new URL(baseURL).origin

  test(
    'public XSS research: saved by a publisher, opened twice in Chromium under the production CSP, runs nothing and asks no other host',
    async () => {
      const started = Date.now()
      const auth = await api('/v1/user/authenticate', {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'publisher@demo.calma.app', password: PASSWORD }),
      })
      assert.equal(auth.status, 200, auth.text)
      const headers = {
        accept: 'application/json',
        locale: 'es',
        authorization: `Bearer ${auth.json.user.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      }
      const run = Date.now().toString(36)
      const savePost = async (slug, content) => {
        const res = await api('/v1/post', {
          method: 'POST',
          headers,
          body: new URLSearchParams({
            language: 'es',
            slug,
            title: `XSS ${slug}`,
            content,
            published_at: '2001-01-01',
          }),
        })
        return res
      }

      // 1. Every input saved as a publisher: stored (201) or refused with a field error (422), never 5xx.
      const inputs = [...ISSUE, ...CORPORA.flatMap((c) => c.vectors)]
      const stored = []
      const failures = []
      await pool(inputs, SAVES, async (v, n) => {
        const slug = `xss-${run}-${v.id}`.toLowerCase()
        const res = await savePost(slug, v.input)
        if (res.status === 201) stored.push({ ...v, n, slug, body: res.json.post.content })
        else if (res.status !== 422 || !res.json?.errors?.content)
          failures.push(`${v.id}: the save answered ${res.status} ${res.text.slice(0, 200)}`)
      })
      stored.sort((a, b) => a.n - b.n)
      const saved = Date.now()

      // 2. Side by side in PAGES articles (each at most GROUP_CHARS), what their own pages serve. A
      //    save stores only a body that cleaning again leaves as it is (cleanHtml's fixed point),
      //    so saved bodies side by side are a clean body too, and saving them again changes
      //    nothing: checked. Each article is read back through GET /v1/posts as a visitor and must
      //    be served as saved (the read pass cleans every body again); if it is not, its members
      //    are read one by one, and any the read pass changed is opened on its own page as served.
      //    (workerd reads every input's own post through the API: test/posts/xss-corpus.test.ts.)
      const served = async (slug) => {
        const res = await api(`/v1/posts?filters[slug]=${slug}`, {
          headers: { accept: 'application/json', locale: 'es' },
        })
        const content = res.json?.posts?.[0]?.content
        if (res.status !== 200 || typeof content !== 'string')
          failures.push(`${slug}: GET /v1/posts answered ${res.status} ${res.text.slice(0, 200)}`)
        return content
      }
      // The same saved body twice is the same bytes to the browser: each distinct body is opened
      //    once, as an entry naming every input that saved it.
      const distinct = new Map()
      for (const m of stored) {
        const same = distinct.get(m.body)
        if (same) same.ids.push(m.id)
        else distinct.set(m.body, { ...m, ids: [m.id], served: m.body })
      }
      const entries = [...distinct.values()]
      const chunks = []
      const size = Math.ceil(entries.length / PAGES)
      for (const m of entries) {
        const last = chunks.at(-1)
        if (last && last.length < size && last.chars + m.body.length <= GROUP_CHARS) {
          last.push(m)
          last.chars += m.body.length
        } else chunks.push(Object.assign([m], { chars: m.body.length }))
      }
      const groups = []
      const alone = []
      for (const [i, members] of chunks.entries()) {
        const content = members.map((m) => m.body).join('')
        if (!content.trim()) continue
        const slug = `xss-${run}-group-${i}`
        const res = await savePost(slug, content)
        if (res.status !== 201) {
          failures.push(`${slug}: the group's save answered ${res.status} ${res.text.slice(0, 200)}`)
          continue
        }
        if (res.json.post.content !== content.trim())
          failures.push(`${slug}: clean bodies side by side were changed when saved again`)
        const read = await served(slug)
        if (read !== undefined && read !== res.json.post.content) {
          failures.push(`${slug}: the read pass changed the saved article`)
          await pool(members, SAVES, async (m) => {
            m.served = await served(m.slug)
            if (typeof m.served === 'string' && m.served !== m.body) alone.push(m)
          })
        }
        groups.push({ slug, members: members.filter((m) => !alone.includes(m)) })
      }
      for (const m of alone) {
        failures.push(`${m.ids.join(', ')}: the read pass changes its saved body`)
        groups.push({ slug: m.slug, members: [m] })
      }
      const grouped = Date.now()
      // 3. Each group opened twice in PAGES tabs at once: a render, then the public page cache.
      const tabs = []
      for (let i = 0; i < Math.min(PAGES, groups.length); i++) tabs.push(await watchedTab())
      async function watchedTab() {
        const page = await newPage(browser, { viewport: DESKTOP, locale: 'es' })
        // A picture of /media/ that does not exist answers 404: expected, and still same-origin.
        expectFailure(page, (url) => new URL(url).pathname.startsWith('/media/'))
        const seen = { dialogs: [], offsite: [], navigations: [] }
        page.on('dialog', (d) => {
          seen.dialogs.push(d.message())
          d.dismiss().catch(() => {})
        })
        page.on('request', (r) => {
          const u = r.url()
          if (/^https?:/.test(u) && new URL(u).origin !== origin) seen.offsite.push(u)
        })
        page.on('framenavigated', (f) => {
          if (f === page.mainFrame()) seen.navigations.push(f.url())
        })
        // Nothing may leave: a request for another host is recorded above and refused here.
        await page.context().route(
          (url) => url.origin !== origin,
          (route) => route.abort(),
        )
        await page.context().addInitScript(() => {
          window.__xss = undefined
          window.__csp = []
          for (const name of ['alert', 'confirm', 'prompt', 'print']) {
            const original = window[name]
            window[name] = function (...args) {
              window.__xss = `${name}(${args.join(',')})`
              return original.apply(this, args)
            }
          }
          document.addEventListener('securitypolicyviolation', (e) =>
            window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
          )
        })
        return { page, seen, recorded: 0 }
      }

      /** Open `slug` in `tab`; the problems found (empty: it held). */
      async function openAndCheck(tab, slug, pass) {
        const { page, seen } = tab
        seen.dialogs.length = 0
        seen.offsite.length = 0
        seen.navigations.length = 0
        const where = `/post/${slug}`
        const res = await page.goto(where)
        const out = []
        if (res.status() !== 200) out.push(`answered ${res.status()}`)
        if (res.headers()['x-page-cache'] !== pass)
          out.push(`expected a cache ${pass}, got ${res.headers()['x-page-cache']}`)
        // The render is hydrated (a mismatch would make React write the body again, in the browser);
        // the copy from the cache is the same bytes but the nonce, so its load is what counts.
        if (pass === 'miss') await waitForHydration(page)
        // Time for what would fire late: pictures' and media's error and load events, timers.
        await page.waitForTimeout(150)
        const state = await page.evaluate(() => ({
          xss: window.__xss,
          csp: window.__csp,
          path: location.pathname,
          wide: document.documentElement.scrollWidth - innerWidth,
        }))
        if (state.wide > 0) out.push(`the article widens the page by ${state.wide} px`)
        out.push(...(await page.evaluate(articleProblems)))
        if (state.xss !== undefined) out.push(`a script ran: ${state.xss}`)
        if (state.csp.length) out.push(`the CSP had to block: ${state.csp.join(' | ')}`)
        if (state.path !== where) out.push(`navigated to ${state.path}`)
        if (seen.navigations.length !== 1) out.push(`navigations: ${seen.navigations.join(', ')}`)
        if (seen.dialogs.length) out.push(`dialogs: ${seen.dialogs.join(', ')}`)
        if (seen.offsite.length) out.push(`requests to other hosts: ${seen.offsite.join(', ')}`)
        // What the page recorded during this load only (console errors, failed requests, hydration).
        const recorded = issues(page).slice(tab.recorded)
        tab.recorded += recorded.length
        if (recorded.length) out.push(...recorded.map((i) => `recorded: ${i}`))
        return out
      }

      const queue = [...groups]
      const bad = []
      await Promise.all(
        tabs.map(async (tab) => {
          while (queue.length) {
            const g = queue.shift()
            const found = [...(await openAndCheck(tab, g.slug, 'miss')), ...(await openAndCheck(tab, g.slug, 'hit'))]
            if (g === groups[0]) await screenshot(tab.page, 'xss-corpus-first-article-es-desktop')
            if (found.length) bad.push({ g, found })
          }
        }),
      )
      const opened = Date.now()
      // A failing group, halved until the inputs are named: each half saved as an article of its
      // own (what its members serve, side by side) and opened twice, down to a member's own page.
      const check = async (slug) => [
        ...(await openAndCheck(tabs[0], slug, 'miss')),
        ...(await openAndCheck(tabs[0], slug, 'hit')),
      ]
      async function name(members, found) {
        if (members.length === 1) {
          const m = members[0]
          failures.push(`${m.ids.join(', ')} ${JSON.stringify(m.input).slice(0, 160)}: ${found.join('; ')}`)
          return
        }
        const half = Math.ceil(members.length / 2)
        for (const part of [members.slice(0, half), members.slice(half)]) {
          let slug = part[0].slug
          if (part.length > 1) {
            slug = `xss-${run}-part-${part[0].n}-${part.length}`
            await savePost(slug, part.map((m) => m.served).join(''))
          }
          const own = await check(slug)
          if (own.length) await name(part, own)
        }
      }
      for (const { g, found } of bad) {
        const before = failures.length
        await name(g.members, found)
        if (failures.length === before) failures.push(`${g.slug}: ${found.join('; ')} (no part of it alone)`)
      }

      console.log(
        `  ${inputs.length} inputs (${CORPORA.map((c) => `${c.vectors.length} ${c.vectors[0]?.id.split('-')[0]}`).join(', ')}, ${ISSUE.length} of the issue): ` +
          `${stored.length} stored (${entries.length} distinct bodies), ${inputs.length - stored.length} refused; ${groups.length} articles (${alone.length} alone) opened twice in ${tabs.length} tabs; ` +
          `saves ${((saved - started) / 1000).toFixed(1)} s, articles saved and read ${((grouped - saved) / 1000).toFixed(1)} s, ` +
          `pages ${((opened - grouped) / 1000).toFixed(1)} s, all ${((Date.now() - started) / 1000).toFixed(1)} s`,
      )
      assert.deepEqual(failures, [], `inputs that got through:\n${failures.join('\n')}`)
    },
    { timeout: 180_000 },
  )
}
