// Lead's measuring aid: gzip JS each page loads in chromium (visitor + the demo patient).
import zlib from 'node:zlib'
import { prepareState, startServer } from './lib/server.mjs'
const state = process.env.STATE ?? '.tmp/jsw-state'
await prepareState(state)
const server = await startServer({ persistDir: state })
const base = server.url
const { chromium } = await import('playwright-core')
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
const visitor = (
  process.env.PAGES ??
  '/,/en/,/route/4-ejercicios-para-el-insomnio,/post/test-de-ansiedad-preguntas-para-conocerte-mejor,/routes,/help,/login'
).split(',')
const signed = (
  process.env.SIGNED ??
  '/journey,/performance,/route/4-ejercicios-para-el-insomnio,/profile,/subscription,/appointments,/ranking,/rewards'
).split(',')
async function measure(context, p) {
  const page = await context.newPage()
  const seen = new Map()
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || new URL(res.url()).origin !== new URL(base).origin) return
    seen.set(
      res.url(),
      res.body().catch(() => Buffer.alloc(0)),
    )
  })
  await page.goto(base + p, { waitUntil: 'networkidle' })
  await page
    .waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 15000 })
    .catch(() => console.log('  not hydrated', p))
  let gz = 0
  const files = []
  for (const [u, b] of seen) {
    const n = zlib.gzipSync(await b, { level: 9 }).length
    gz += n
    files.push([new URL(u).pathname.replace('/assets/', ''), (n / 1024).toFixed(1)])
  }
  console.log(
    `${(gz / 1024).toFixed(1).padStart(6)} KB  ${p}${process.env.FILES ? '\n   ' + files.map((f) => f.join(' ')).join('\n   ') : ''}`,
  )
  await page.close()
}
try {
  let ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, locale: 'es-ES' })
  console.log('visitor')
  for (const p of visitor) await measure(ctx, p)
  await ctx.close()
  ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, locale: 'es-ES' })
  const pg = await ctx.newPage()
  await pg.goto(`${base}/login`)
  await pg.waitForSelector('html[data-hydrated="true"]', { state: 'attached' })
  await pg.locator('input[name=email]').fill('patient@demo.calma.app')
  await pg.locator('input[name=password]').fill('Calma-demo-2026')
  await pg.getByTestId('login-submit').click()
  await pg.waitForURL((u) => !u.pathname.includes('login'))
  await pg.close()
  console.log('patient')
  for (const p of signed) await measure(ctx, p)
} finally {
  await browser.close()
  await server.stop?.()
  server.kill?.()
  process.exit(0)
}
