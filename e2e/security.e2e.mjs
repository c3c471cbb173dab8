/**
 * Post HTML that cannot attack readers (issue 20 §4) in Debian chromium. The demo admin publishes
 * a post holding the hostile HTML of the issue (a meta refresh to another host, Google Tag
 * Manager's script, a script carrying the old cache placeholder nonce, an inline script, an
 * onerror picture, a javascript: link, an iframe, an svg onload, a style hiding the page, a form
 * asking a password) among ordinary formatting. A visitor opens it twice, the second answer from
 * the public page cache, and a visitor who accepted every cookie opens it too: each stays on the
 * page, nothing runs (no window.__pwned, no dialog), no request leaves for another host, and the
 * formatting is there (heading and its contents entry, list, links, quote).
 * Screenshot in e2e/screens/security-hostile-post-*.png.
 */
import { DESKTOP, PHONE, assert, eventually, newPage, screenshot, waitForHydration, openSignedIn } from './lib.mjs'

const PASSWORD = 'Calma-demo-2026'

const HOSTILE = [
  '<meta http-equiv="refresh" content="1;url=https://evil.example/">',
  '<script src="https://www.googletagmanager.com/gtm.js?id=GTM-EVIL"></script>',
  '<script nonce="__calma_csp_nonce__">window.__pwned = "nonce"; alert("nonce")</script>',
  '<script>window.__pwned = "inline"</script>',
  '<h2>Respirar antes de dormir</h2>',
  '<p>Un párrafo con <strong>negrita</strong> y <em>cursiva</em>, y <a href="javascript:window.__pwned=\'link\'" data-testid="fake-link">un enlace falso</a>.</p>',
  '<img src="x" onerror="window.__pwned = \'img\'; alert(\'img\')">',
  '<img src="https://evil.example/pixel.gif" alt="pixel">',
  '<ul><li>Apaga las pantallas</li><li>Respira despacio</li></ul>',
  '<blockquote>Respira. Estás aquí.</blockquote>',
  '<p><a href="/blog">Más artículos</a> · <a href="https://www.who.int/es">OMS</a></p>',
  '<iframe src="https://evil.example/frame" srcdoc="<script>parent.__pwned=\'srcdoc\'</script>"></iframe>',
  '<svg onload="window.__pwned = \'svg\'"><circle r="5"></circle></svg>',
  '<style>body { display: none }</style>',
  '<form action="https://evil.example/"><input name="password" placeholder="Tu contraseña"></form>',
].join('\n')

const signIn = (page, email, to) => openSignedIn(page, { email, password: PASSWORD, to })

/** Everything the page asks for, every dialog, and any other host's request answered by nobody. */
async function watch(page, origin) {
  const seen = { requests: [], dialogs: [] }
  page.on('request', (r) => seen.requests.push(r.url()))
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message())
    d.dismiss().catch(() => {})
  })
  // No network here: a request for another host would fail; record and refuse it ourselves.
  await page.context().route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  )
  return seen
}

/** Open the post as a visitor and check it held; returns the page answer's x-page-cache. */
async function readSafely(page, seen, origin, path) {
  const res = await page.goto(path)
  assert.equal(res.status(), 200)
  await waitForHydration(page)
  // A check that nothing happens: the meta refresh said 1 s, so more than that.
  await page.waitForTimeout(2000)
  assert.equal(new URL(page.url()).pathname, path, 'the reader stays on the page')
  assert.equal(await page.evaluate(() => window.__pwned), undefined, 'no hostile script ran')
  assert.deepEqual(seen.dialogs, [], 'no dialog opened')
  const elsewhere = seen.requests.filter((u) => /^https?:/.test(u) && new URL(u).origin !== origin)
  assert.deepEqual(elsewhere, [], 'no request left for another host')
  // The formatting is kept.
  const prose = page.locator('.prose')
  await prose.locator('h2', { hasText: 'Respirar antes de dormir' }).waitFor()
  assert.equal(await prose.locator('li').count(), 2)
  assert.ok(await prose.locator('strong', { hasText: 'negrita' }).isVisible())
  assert.ok(await prose.locator('blockquote', { hasText: 'Respira. Estás aquí.' }).isVisible())
  assert.equal(await prose.locator('a[href="/blog"]').count(), 1)
  assert.equal(await prose.locator('a[href="https://www.who.int/es"][rel="noopener noreferrer nofollow"]').count(), 1)
  assert.ok(
    await page.getByTestId('toc').locator('a[href="#respirar-antes-de-dormir"]').isVisible(),
    'the contents list the heading',
  )
  // What went: the fake link's text stays as text; nothing of the rest is in the page.
  assert.ok(await prose.getByText('un enlace falso').isVisible())
  assert.equal(await prose.locator('a', { hasText: 'un enlace falso' }).count(), 0)
  assert.equal(
    await page
      .locator(
        '.prose script, .prose style, .prose iframe, .prose svg, .prose form, .prose input, .prose img, head meta[http-equiv]',
      )
      .count(),
    0,
  )
  assert.ok(await page.locator('body').isVisible(), 'the page is not hidden')
  return res.headers()['x-page-cache']
}

export default function ({ test, browser, baseURL, api }) {
  const origin = new URL(baseURL).origin

  test(
    'a post holding hostile HTML cannot attack its readers, also from the page cache (es, desktop and phone)',
    async () => {
      const slug = `respirar-seguro-${Date.now().toString(36)}`
      const path = `/post/${slug}`

      // The demo admin publishes it from the admin.
      const admin = await newPage(browser, { viewport: DESKTOP, locale: 'es' })
      await signIn(admin, 'admin@demo.calma.app', '/admin')
      await admin.getByTestId('tab-posts').click()
      await admin.getByTestId('screen-posts').waitFor()
      await admin.getByTestId('adm-new').click()
      const form = admin.getByTestId('adm-form')
      await form.locator('select[name=language]').selectOption('es')
      await form.locator('input[name=slug]').fill(slug)
      await form.locator('input[name=title]').fill('Respirar, sin sorpresas')
      await form.locator('select[name=status]').selectOption('1')
      await form.locator('textarea[name=content]').fill(HOSTILE)
      await admin.getByTestId('adm-save').click()
      await admin.locator('[data-testid=toast]', { hasText: 'Artículo creado.' }).first().waitFor({ timeout: 8000 })

      // Stored allowlisted: the API gives the clean body.
      const stored = (
        await api(`/v1/posts?filters[slug]=${slug}`, { headers: { accept: 'application/json', locale: 'es' } })
      ).json
      const body = stored.posts[0].content
      for (const gone of [
        '<script',
        '<meta',
        '<iframe',
        '<svg',
        '<style',
        '<form',
        'onerror',
        'javascript:',
        'evil.example',
        'googletagmanager',
        'nonce',
      ]) {
        assert.ok(!body.includes(gone), `the stored body still holds ${gone}: ${body}`)
      }

      // A visitor reads it twice: the second answer comes from the public page cache.
      const visitor = await newPage(browser, { viewport: DESKTOP, locale: 'es' })
      const seen = await watch(visitor, origin)
      const first = await readSafely(visitor, seen, origin, path)
      const second = await eventually(async () => (await readSafely(visitor, seen, origin, path)) === 'hit' && 'hit', {
        timeout: 15_000,
        message: 'the page is served from the public cache',
      })
      assert.equal(first, 'miss')
      assert.equal(second, 'hit')
      await screenshot(visitor, 'security-hostile-post-es-desktop')

      // One who accepted every cookie, on a phone: the same, from the cache.
      const accepted = await newPage(browser, { viewport: PHONE, locale: 'es', consent: 'ask' })
      await accepted
        .context()
        .addInitScript(() =>
          localStorage.setItem('calma_consent', JSON.stringify({ v: 1, analytics: true, ads: true, at: Date.now() })),
        )
      // What the choice leaves beside it (shared/consent.ts): the page without the banner, from the cache.
      await accepted.context().addCookies([{ name: 'calma_consent', value: '1', url: origin }])
      const seenAccepted = await watch(accepted, origin)
      // Usually a hit at once (the visitor's first key); an editor's write in another lane bumps
      // the content version (http/public-cache.ts), so the first read may render afresh: read on
      // until a read is served from the cache, each read checked the same.
      const fromCache = await eventually(
        async () => (await readSafely(accepted, seenAccepted, origin, path)) === 'hit' && 'hit',
        { timeout: 15_000, message: 'the consenting reader is served from the public cache' },
      )
      assert.equal(fromCache, 'hit')
      await screenshot(accepted, 'security-hostile-post-es-phone')
    },
    { timeout: 90_000 },
  )
}
