/**
 * Every page valid by the web's own checker (issue 42 §11, CONVENTIONS 21): the W3C Nu Html
 * Checker (the vnu-jar package, run with the system's Java) on every page of the page table, as
 * the server sends it, for every role that can open it (visitor, patient, subscriber,
 * psychologist, publisher, admin) and in both languages. 0 errors.
 *
 * No browser: what is checked is the markup as served (the HTML a visitor's browser parses first,
 * and what a crawler reads); the window's width never changes it (DESIGN §6: CSS decides). Pages
 * are fetched from Node with each role's session cookie and written to a folder, and vnu runs once
 * on all of them in one JVM (its start-up is most of its time). A page a role is sent away from
 * (a 3xx: a guest page for someone signed in, a user page for a visitor) is not that role's page
 * and is not checked. A page whose path has parameters takes the first matching address of
 * /sitemap.xml, or a sample below, as e2e/a11y.e2e.mjs does. The not-found page is checked too.
 *
 * A known-bad document goes in with the pages, and its error must be reported: a checker that
 * stopped reading (no Java, a changed output) cannot pass the pages by saying nothing.
 */
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { assert, sessionCookies } from './lib.mjs'

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')
const PASSWORD = 'Calma-demo-2026'
/** One demo account per role that signs in (src/worker/seed/data/users.ts); null: the visitor. */
const ROLES = {
  visitor: null,
  patient: 'patient@demo.calma.app',
  subscriber: 'subscriber@demo.calma.app',
  psychologist: 'psico1@demo.calma.app',
  publisher: 'publisher@demo.calma.app',
  admin: 'admin@demo.calma.app',
}
/** Roles the admin page is for (features/admin/admin.pages.ts); others are refused it. */
const STAFF = new Set(['admin', 'publisher'])
/** Parameterised pages the sitemap does not list: a sample address (locale-free). */
const SAMPLES = {
  plan: { es: '/plan/plan-para-calmar-la-ansiedad', en: '/plan/a-plan-for-restful-nights' },
}
const NOT_FOUND = '/no-such-page-42'
const CANARY = 'canary.html'
/** Pages fetched side by side. */
const AT_ONCE = 4

/**
 * Each page inlines the same stylesheets (ssr/assets.ts): vnu checks a style element's CSS too,
 * and checking the same bytes in every page was half of its time. A style element whose content
 * an earlier page already had is handed over empty; its markup around it is still checked.
 */
function stylesOnce() {
  const seen = new Set()
  return (html) =>
    html.replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g, (all, open, css, close) => {
      if (seen.has(css)) return open + close
      seen.add(css)
      return all
    })
}

export default function ({ test, api, baseURL }) {
  test(
    'vnu: every page as served, for every role and in both languages, is valid HTML',
    async () => {
      const table = await api('/__dev/pages')
      assert.equal(table.status, 200, table.text)
      const pages = table.json.filter((p) => !p.devOnly)
      assert.ok(pages.length >= 30, `the page table lists ${pages.length} pages`)
      const xml = (await api('/sitemap.xml')).text
      const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname)
      const sitemap = {
        es: urls.filter((u) => !u.startsWith('/en/')),
        en: urls.filter((u) => u.startsWith('/en/')).map((u) => u.slice(3)),
      }
      const addressOf = (p, locale) => {
        if (!p.path.includes(':')) return p.path
        if (SAMPLES[p.id]?.[locale]) return SAMPLES[p.id][locale]
        const re = new RegExp(`^${p.path.replace(/:\w+/g, '[^/]+')}/?$`)
        return sitemap[locale].find((u) => re.test(u))
      }

      const dir = await mkdtemp(path.join(tmpdir(), 'calma-vnu-'))
      try {
        /** file name → what it is (address, role, language), for the failure message. */
        const files = new Map()
        const onceEachStyle = stylesOnce()
        const missing = []
        const jobs = []
        for (const [role, email] of Object.entries(ROLES)) {
          const cookie = email
            ? (await sessionCookies({ email, password: PASSWORD, baseURL }))
                .map((c) => `${c.name}=${c.value}`)
                .join('; ')
            : ''
          for (const locale of ['es', 'en']) {
            const prefix = locale === 'en' ? '/en' : ''
            const list = pages.filter((p) => p.id !== 'admin' || STAFF.has(role))
            const addresses = list.map((p) => [p.id, addressOf(p, locale)])
            addresses.push(['not-found', NOT_FOUND])
            for (const [id, address] of addresses) {
              if (address) jobs.push({ role, locale, id, url: prefix + address, cookie })
              else missing.push(`${id} in ${locale}`)
            }
          }
        }
        assert.deepEqual(missing, [], 'pages with no address: add a sample to SAMPLES in e2e/html-valid.e2e.mjs')
        const fetchStarted = Date.now()
        // A few at a time: the server renders one while the next is on its way.
        let next = 0
        await Promise.all(
          Array.from({ length: AT_ONCE }, async () => {
            while (next < jobs.length) {
              const { role, locale, id, url, cookie } = jobs[next++]
              const res = await fetch(baseURL + url, {
                redirect: 'manual',
                headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
              })
              const html = await res.text()
              if (res.status >= 300 && res.status < 400) continue // not this role's page
              assert.ok(res.status < 400 || id === 'not-found', `${url} (${role}) answered ${res.status}`)
              const name = `${role}-${locale}-${id}.html`
              files.set(name, `${url} (${role}, ${locale})`)
              await writeFile(path.join(dir, name), onceEachStyle(html))
            }
          }),
        )
        const fetched = ((Date.now() - fetchStarted) / 1000).toFixed(1)
        await writeFile(
          path.join(dir, CANARY),
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>x</title><meta property="p"></head><body></body></html>',
        )

        const vnuStarted = Date.now()
        const run = spawnSync(
          'java',
          [
            '-jar',
            VNU_JAR,
            '--format',
            'json',
            '--errors-only',
            '--exit-zero-always',
            '--stdout',
            ...files.keys(),
            CANARY,
          ],
          { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
        )
        if (run.error)
          throw new Error(
            `could not run java (${run.error.message}): the HTML check needs Java (apt-get install default-jre-headless)`,
          )
        // --stdout: the JSON report on stdout (its default is stderr, where Java's own warnings go).
        let report
        try {
          report = JSON.parse(run.stdout)
        } catch {
          throw new Error(`vnu gave no JSON report (exit ${run.status}):\n${run.stdout}\n${run.stderr}`)
        }
        const errors = report.messages.filter((m) => m.type === 'error' || m.subType === 'fatal')
        const fileOf = (m) => decodeURIComponent(new URL(m.url).pathname.split('/').pop())
        assert.ok(
          errors.some((m) => fileOf(m) === CANARY && /content/.test(m.message)),
          `vnu did not report the known error of the canary page: ${run.stdout.slice(0, 500)}`,
        )
        const found = errors
          .filter((m) => fileOf(m) !== CANARY)
          .map((m) => {
            const at = files.get(fileOf(m)) ?? fileOf(m)
            return `${at} line ${m.lastLine ?? '?'}: ${m.message}${m.extract ? `\n      ${m.extract.trim().slice(0, 160)}` : ''}`
          })
        console.log(
          `    (vnu checked ${files.size} pages, ${Object.keys(ROLES).length} roles × 2 languages: fetched in ${fetched} s, checked in ${((Date.now() - vnuStarted) / 1000).toFixed(1)} s)`,
        )
        assert.equal(found.length, 0, `${found.length} HTML error(s):\n  ${found.join('\n  ')}`)
      } finally {
        if (process.env.E2E_KEEP_STATE) console.log(`    (the pages are kept in ${dir})`)
        else await rm(dir, { recursive: true, force: true })
      }
    },
    { timeout: 240_000 },
  )
}
