import type { Context } from 'hono'
import { renderToReadableStream } from 'react-dom/server'
import { App } from '#client/app/App.tsx'
import { preloadTouchParts } from '#client/components/TouchPart.tsx'
import { messagesFor } from '#shared/i18n/messages'
import type { Boot } from '#shared/page-data'
import type { PageEntry } from '#shared/pages'
import { linkBase } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { pageAssets } from './assets'
import { lazyPage } from './lazy-pages'
import { jsonLdTags, nonceAttrs, seoTags } from './head'
import { messagesUrl } from './messages-file'
import type { PageHead } from './page'

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!)
/**
 * JSON inside <script>: never let data close the tag or open a comment (`<` as \u003c). U+2028
 * and U+2029 are written as their escapes, not dropped: dropped, a title holding one was another
 * text in the hydration data than in the server's HTML, and React threw the page away and painted
 * it again (found from outside, decision 036). JSON.parse reads the escape back as the character.
 */
const jsonScript = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

// React Refresh needs this before any component module runs under `vite dev`.
const REFRESH_PREAMBLE = `import RefreshRuntime from "/@react-refresh";RefreshRuntime.injectIntoGlobalHook(window);window.$RefreshReg$=()=>{};window.$RefreshSig$=()=>(t)=>t;window.__vite_plugin_react_preamble_installed__=true;`

/**
 * The page is painted by the server; its code is asked for once that paint is on screen (the
 * frame after the first one), so on a slow phone link the HTML, its styles and its cover have
 * the line to themselves. The entry and the page's chunks (`__ASSETS__`, read by tests and the
 * bench with scripts/lib/page-scripts.mjs) are then fetched together (modulepreload), as they
 * were from the head. A tab opened in the background, whose frames do not run, gets them after
 * 300 ms. Under `vite dev` the entry is a plain script tag (its client needs the preamble first).
 * A visitor's page (`lazy`) asks for the entry alone: React and the page's chunks come at the
 * person's first touch (src/client/entry.tsx, decision 062).
 */
const LOADER =
  "const a=JSON.parse(document.getElementById('__ASSETS__').textContent);let done=false;" +
  'const go=()=>{if(done)return;done=true;if(!a.lazy){if(a.messages)window.__calmaMessages=fetch(a.messages).then((r)=>r.ok?r.json():Promise.reject(r.status));' +
  "for(const h of a.preload){const l=document.createElement('link');" +
  "l.rel='modulepreload';l.href=h;document.head.append(l)}}import(a.entry)};" +
  'requestAnimationFrame(()=>setTimeout(go));setTimeout(go,300);' +
  // A touch before the entry has arrived is remembered for it (entry.tsx waitForTouch) and for the
  // parts of a page hydrated at the first touch (components/TouchPart.tsx).
  "for(const t of ['pointerdown','touchstart','keydown','focusin','wheel'])" +
  'addEventListener(t,()=>{window.__calmaTouched=true},{capture:true,passive:true,once:true})'

/**
 * Server-render one page: the React tree with its data, the data and messages embedded for
 * hydration, the page's assets, and the CSRF meta tag. Scripts carry the request's CSP nonce
 * (ssr/head.ts nonceAttrs).
 */
export async function renderDocument(
  c: Context<AppEnv>,
  page: PageEntry<unknown>,
  full: Boot,
  status = 200,
  head?: PageHead,
) {
  const t = c.var.t
  // The admin's words (~6 KB) travel only with the admin page (issue 12: nothing of the admin for visitors).
  const { admin, ...shared } = messagesFor(full.locale)
  const messages = (full.page === 'admin' ? { ...shared, admin } : shared) as ReturnType<typeof messagesFor>
  const nonce = c.get('secureHeadersNonce') ?? ''
  // The page's own scripts carry the nonce: a cached copy gets a fresh one where this render wrote
  // it (http/public-cache.ts cutAtNonces), never on anything a post body could hold.
  const nonceAttr = nonceAttrs(nonce)
  const [{ default: Page }, assets] = await Promise.all([page.component(), pageAssets(c.env, page.component.module)])
  // The page's first-touch parts are defined once its module has loaded: their code too, so they
  // render in the shell (components/TouchPart.tsx).
  await preloadTouchParts()
  // The built app names its language's words by URL (ssr/messages-file.ts); the admin page and
  // `vite dev` embed them.
  const wordsUrl = !assets.dev && full.page !== 'admin' ? await messagesUrl(full.locale) : null

  const stream = await renderToReadableStream(<App boot={full} messages={messages} Page={Page} />, {
    nonce,
    // Every boundary inline, where it stands: React otherwise moves a finished boundary that comes
    // after 12.8 KB of the page (its progressive chunk) into a hidden segment its script reveals
    // up to ~300 ms after the first paint, a second layout of the page (issue 43 §1). The answer is
    // sent whole anyway (allReady, below), so nothing paints sooner for it.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(err) {
      console.error(`[${c.get('requestId')}] render`, err)
    },
  })
  await stream.allReady

  // Title, description, robots, canonical, hreflang, Open Graph and JSON-LD (ssr/head.ts).
  const seo = seoTags({
    base: linkBase(c),
    locale: full.locale,
    path: full.path,
    page,
    status,
    brand: t('brand'),
    pageTitle: full.title,
    isHome: full.page === 'home',
    defaultDescription: t('home.hero_body'),
    head,
  })
  const top = [
    '<!doctype html>',
    `<html lang="${full.locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    ...seo,
    '<meta name="theme-color" content="#2f5d62">',
    `<meta name="csrf-token" content="${esc(full.csrf ?? '')}">`,
    // Vite's preloads of lazy chunks read their nonce here (its csp-nonce convention: the element's
    // nonce). HTML requires content on a meta (the Nu checker, issue 42 §11); it stays empty, so the
    // nonce is written only as a nonce attribute, where cutAtNonces (http/public-cache.ts) expects it.
    `<meta property="csp-nonce" content="" ${nonceAttr}>`,
    ...jsonLdTags(head, nonce),
    // A PNG, not the SVG: chromium draws an SVG favicon as a small document of its own on the
    // page's main thread while the page loads, one more task after the first paint (decision 086).
    '<link rel="icon" href="/icons/favicon-48.png" sizes="48x48" type="image/png">',
    // One manifest per language (issue 23 §2): its name, shortcuts and start page in that language.
    `<link rel="manifest" href="/manifest.${full.locale}.webmanifest">`,
    '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">',
    // Each stylesheet inlined (assets.ts stylesheet). The disabled print-only link beside it is
    // never applied and is fetched last, at the lowest priority (then cached): it tells Vite's
    // loader of the page's chunk that this sheet is already here, so it adds no second copy.
    ...assets.css.map((href, i) => {
      const text = assets.cssText[i]
      return text == null
        ? `<link rel="stylesheet" href="${href}">`
        : `<style>${text.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="${href}" media="print" disabled>`
    }),
    ...(assets.dev ? ['<link rel="stylesheet" href="/src/client/styles.css">'] : []),
    ...(head?.preloadImage
      ? [`<link rel="preload" as="image" href="${esc(head.preloadImage)}" fetchpriority="high">`]
      : []),
    '</head>',
    `<body><div id="root">`,
  ].join('')
  const tail = [
    '</div>',
    `<script id="__BOOT__" type="application/json" ${nonceAttr}>${jsonScript(full)}</script>`,
    ...(wordsUrl
      ? []
      : [`<script id="__MESSAGES__" type="application/json" ${nonceAttr}>${jsonScript(messages)}</script>`]),
    ...(assets.dev
      ? [
          `<script type="module" ${nonceAttr}>${REFRESH_PREAMBLE}</script>`,
          `<script type="module" src="/@vite/client" ${nonceAttr}></script>`,
        ]
      : []),
    assets.dev
      ? `<script type="module" src="${assets.entry}" ${nonceAttr}></script>`
      : `<script id="__ASSETS__" type="application/json" ${nonceAttr}>${jsonScript({ entry: assets.entry, preload: assets.preload, ...(wordsUrl ? { messages: wordsUrl } : {}), ...(lazyPage(full) ? { lazy: true } : {}) })}</script><script type="module" ${nonceAttr}>${LOADER}</script>`,
    '</body></html>',
  ].join('')

  const enc = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(enc.encode(top))
      const reader = stream.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        controller.enqueue(value)
      }
      controller.enqueue(enc.encode(tail))
      controller.close()
    },
  })
  return c.body(body, status as 200, {
    'content-type': 'text/html; charset=utf-8',
    // Pages carry personal data for signed-in users; never let a shared cache keep them.
    'cache-control': 'private, no-store',
  })
}
