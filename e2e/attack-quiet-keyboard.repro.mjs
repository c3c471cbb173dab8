// NOT in the suite (not *.e2e.mjs): attack repro, decision 072 /profile quiet hours by keyboard.
// Against a server on :8795 (node scripts/lib/direct-server.mjs <seeded state> 8795):
//   node e2e/attack-quiet-keyboard.repro.mjs es enter    → "updates 0": the Save pressed (Enter) after hydration sends nothing
//   node e2e/attack-quiet-keyboard.repro.mjs es noenter  → "updates 1": saved
// The difference: Tab between the time field's segments and Enter pressed in it while the part's chunk
// (ProfileParts, slowed 4 s) is on the way. Expected: the save sent once with the typed time, or at the
// latest the later press saving. Root cause not found in the time given.
import { chromium } from 'playwright-core'
const BASE = 'http://127.0.0.1:8795'
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
  ],
})
async function session(email, password) {
  const res = await fetch(`${BASE}/v1/user/authenticate`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
  })
  return res.headers.getSetCookie().map((l) => {
    const [p] = l.split(';')
    const i = p.indexOf('=')
    return { name: p.slice(0, i), value: p.slice(i + 1), url: BASE }
  })
}
const lang = process.argv[2] ?? 'es'
const prefix = lang === 'en' ? '/en' : ''
// A fresh person each run.
const email = `attack.quiet.${Date.now().toString(36)}@e2e.calma.app`
const pw = 'Attack-pass-2026!'
let r = await fetch(`${BASE}/v1/user`, {
  method: 'POST',
  headers: {
    accept: 'application/json',
    locale: lang,
    'content-type': 'application/x-www-form-urlencoded',
    'x-captcha-token': 'XXXX.DUMMY.TOKEN.XXXX',
  },
  body: new URLSearchParams({
    email,
    password: pw,
    password_confirmation: pw,
    name: 'Ataque Prueba',
    legal_age: '1',
    terms: '1',
  }),
})
console.log('register', r.status, (await r.text()).slice(0, 200))
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: lang, serviceWorkers: 'block' })
await ctx.addCookies(await session(email, pw))
const page = await ctx.newPage()
const updates = []
page.on('request', (q) => {
  if (q.url().includes('/v1/user/update')) updates.push(q.postData())
})
page.on('pageerror', (e) => console.log('pageerror', e.message))
page.on('console', (m) => {
  if (m.type() === 'error') console.log('console', m.text())
})
// The parts' chunk slow: 4 s.
await page.route(/ProfileParts|NotificationSettings/, async (route) => {
  await new Promise((r) => setTimeout(r, 4000))
  await route.continue()
})
await page.goto(`${BASE}${prefix}/profile`)
await page.waitForSelector('[data-testid=quiet-hours]')
const form = page.locator('form', { has: page.getByTestId('quiet-hours') })
console.log(
  'server values',
  await form.locator('input[name=quiet_from]').inputValue(),
  await form.locator('input[name=quiet_until]').inputValue(),
)
const chunks = []
page.on('request', (q) => {
  if (q.url().endsWith('.js')) chunks.push(q.url().split('/').pop())
})
await form.locator('input[name=quiet_from]').focus()
await page.keyboard.type('2330')
await page.keyboard.press('Tab')
await page.keyboard.type('0615')
if (process.argv[3] === 'enter') await page.keyboard.press('Enter')
console.log(
  'typed',
  await form.locator('input[name=quiet_from]').inputValue(),
  await form.locator('input[name=quiet_until]').inputValue(),
  'disabled',
  await form.locator('button[type=submit]').isDisabled(),
)
await page.waitForTimeout(7000)
console.log('chunks', chunks)
console.log(
  'after hydration',
  await form.locator('input[name=quiet_from]').inputValue(),
  await form.locator('input[name=quiet_until]').inputValue(),
  'disabled',
  await form.locator('button[type=submit]').isDisabled(),
)
await form.locator('button[type=submit]').focus()
await page.keyboard.press('Enter')
await page.waitForTimeout(2000)
console.log(
  'updates',
  updates.length,
  'active',
  await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120)),
  'errors',
  await form.locator('.field-error, [data-testid^=error]').allTextContents(),
)
await page.screenshot({ path: `/work/shots/attack/quiet-${lang}-phone.png`, fullPage: false })
await page.reload()
await page.waitForSelector('[data-testid=quiet-hours]')
console.log(
  'after reload',
  await form.locator('input[name=quiet_from]').inputValue(),
  await form.locator('input[name=quiet_until]').inputValue(),
)
await browser.close()
