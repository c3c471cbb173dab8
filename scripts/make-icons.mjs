// Draws the app's PNG icons (192, 512, maskable 512) from the favicon's shapes with Debian
// chromium, so the manifests need no image library. Run by hand when the logo changes:
//   node scripts/make-icons.mjs   → public/icons/*.png (committed)
import { mkdir } from 'node:fs/promises'
import { chromium } from 'playwright-core'

const mark = (r) =>
  `<circle cx="16" cy="16" r="${r}" fill="#2f5d62"/><path d="M8 18c3-5 13-5 16 0" stroke="#f3e9d2" stroke-width="2.5" fill="none" stroke-linecap="round"/><circle cx="16" cy="11" r="3" fill="#f3e9d2"/>`
// "any": the round mark on transparency. "maskable": a full square of the brand colour with the
// mark inside the 80% safe zone (the launcher cuts its own shape).
const icons = [
  {
    file: 'icon-192.png',
    size: 192,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${mark(15)}</svg>`,
  },
  {
    file: 'icon-512.png',
    size: 512,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${mark(15)}</svg>`,
  },
  {
    file: 'maskable-512.png',
    size: 512,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-8 -8 48 48"><rect x="-8" y="-8" width="48" height="48" fill="#2f5d62"/>${mark(15)}</svg>`,
  },
  // The page's favicon (ssr/render.tsx): a PNG, because chromium draws an SVG favicon as a small
  // document of its own on the page's main thread while the page loads (issue 43, decision 086).
  {
    file: 'favicon-48.png',
    size: 48,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${mark(15)}</svg>`,
  },
  {
    file: 'apple-touch-icon.png',
    size: 180,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-4 -4 40 40"><rect x="-4" y="-4" width="40" height="40" fill="#2f5d62"/>${mark(15)}</svg>`,
  },
]
const out = new URL('../public/icons/', import.meta.url)
await mkdir(out, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
})
for (const { file, size, svg } of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } })
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  )
  await page.locator('svg').screenshot({ path: new URL(file, out).pathname, omitBackground: true })
  await page.close()
}
await browser.close()
