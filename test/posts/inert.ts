// What a post body served to readers may be, checked from its bytes alone (docs/API.md "HTML a
// post may hold"), independently of the sanitiser's code and of any HTML parser: the answer must
// be in the one canonical form the sanitiser writes, `<tag attr="value">`, `</tag>` and text
// without "<", with every attribute value escaped once (`&` only as `&amp;` `&quot;` `&lt;`
// `&gt;`), so the value a browser reads is exactly the decoded one checked here. Anything else
// (an unquoted value, a stray "<", a tag or attribute off the list, a URL that runs script or
// leaves the site where only links may) is reported.

/** The allowlist as docs/API.md states it: tag → the attributes it may carry. */
const HEADING = ['id']
const CELL = ['colspan', 'rowspan']
export const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  h2: HEADING,
  h3: HEADING,
  h4: HEADING,
  h5: HEADING,
  h6: HEADING,
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  del: [],
  ins: [],
  mark: [],
  small: [],
  sub: [],
  sup: [],
  code: [],
  kbd: [],
  pre: [],
  blockquote: [],
  q: [],
  cite: [],
  abbr: ['title'],
  ul: [],
  ol: ['start', 'reversed'],
  li: [],
  dl: [],
  dt: [],
  dd: [],
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
  figure: [],
  figcaption: [],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: [...CELL, 'scope'],
  td: CELL,
  video: ['src', 'poster', 'width', 'height', 'controls', 'preload', 'playsinline'],
  audio: ['src', 'controls', 'preload'],
  source: ['src', 'type'],
  track: ['src', 'kind', 'srclang', 'label'],
}
const VOID = new Set(['br', 'hr', 'img', 'source', 'track'])

const decode = (v: string) =>
  v.replace(/&(amp|quot|lt|gt);/g, (_, e: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>' })[e]!)

/** A path on this site: not `//host` nor `/\host`, no space, backslash or control character. */
// oxlint-disable-next-line no-control-regex
const OWN_PATH = /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/
const URL_ATTRS = new Set(['href', 'src', 'poster'])
// oxlint-disable-next-line no-control-regex
const SCRIPT_URL = /^[\s\u0000-\u001f]*(javascript|data|vbscript)\s*:/i

/** A file of this site's media (`/media/…` once resolved: no dot segment climbs out of it). */
function mediaPath(value: string) {
  if (!OWN_PATH.test(value)) return false
  const url = new URL(value, 'https://site.invalid')
  return url.origin === 'https://site.invalid' && url.pathname.startsWith('/media/')
}

/**
 * The problems of `html` as a served post body (empty: inert). `external` lists the absolute
 * http(s) links it holds (links may leave the site, with rel="noopener noreferrer nofollow").
 */
export function problemsOf(html: string): { problems: string[]; external: string[] } {
  const problems: string[] = []
  const external: string[] = []
  const open: string[] = []
  const token = /<\/([a-z0-9]+)>|<([a-z0-9]+)((?: [a-z]+(?:="[^"<>]*")?)*)>|[^<]+/y
  let at = 0
  while (at < html.length) {
    token.lastIndex = at
    const m = token.exec(html)
    if (!m) {
      problems.push(`not canonical markup at ${at}: ${JSON.stringify(html.slice(at, at + 80))}`)
      break
    }
    at = token.lastIndex
    const [whole, end, start, attrText] = m
    if (end) {
      if (open.pop() !== end) problems.push(`unbalanced </${end}>`)
      continue
    }
    if (!start) continue // text: no "<" in it, so no markup
    const allowed = ALLOWED[start]
    if (!Object.hasOwn(ALLOWED, start) || !allowed) {
      problems.push(`tag off the list: ${whole}`)
      continue
    }
    if (!VOID.has(start)) open.push(start)
    const seen = new Set<string>()
    for (const a of (attrText ?? '').matchAll(/ ([a-z]+)(?:="([^"]*)")?/g)) {
      const name = a[1]!
      const raw = a[2] ?? ''
      if (seen.has(name)) problems.push(`attribute twice: ${whole}`)
      seen.add(name)
      if (!allowed.includes(name)) problems.push(`attribute off the list: ${name} in ${whole}`)
      if (/&(?!amp;|quot;|lt;|gt;)/.test(raw)) problems.push(`a value not escaped once: ${whole}`)
      const value = decode(raw)
      // (Text attributes may say anything: a title "javascript:…" is only words.)
      if (URL_ATTRS.has(name) && SCRIPT_URL.test(value)) problems.push(`script URL: ${whole}`)
      if ((name === 'src' || name === 'poster') && !mediaPath(value))
        problems.push(`a ${name} that is not a file of this site's media: ${whole}`)
      if (name === 'href') {
        if (/^https?:\/\//i.test(value)) {
          external.push(value)
          if (!/ rel="noopener noreferrer nofollow"/.test(whole)) problems.push(`external link without rel: ${whole}`)
        } else if (!(value.startsWith('#') || OWN_PATH.test(value) || /^mailto:/i.test(value)))
          problems.push(`href that is not http(s), mailto, # or a path of this site: ${whole}`)
      }
    }
  }
  if (open.length) problems.push(`left open: ${open.join(' ')}`)
  return { problems, external }
}

/** The article's body inside a rendered post page (its prose block: no div can be inside it). */
export function articleOf(page: string): string | null {
  const mark = '<div class="prose">'
  const start = page.indexOf(mark)
  if (start < 0) return null
  const end = page.indexOf('</div>', start)
  return end < 0 ? null : page.slice(start + mark.length, end)
}

/**
 * What is wrong with a rendered article page: its body (problemsOf: a nonce attribute is off the
 * list like any other), the answer's nonce anywhere in it, and any script without that nonce.
 */
export function pageProblems(html: string, nonce: string | undefined): string[] {
  const article = articleOf(html)
  if (article === null) return ['no article in the page']
  const out = problemsOf(article).problems
  if (!nonce) return [...out, 'no nonce in the CSP']
  if (article.includes(nonce)) out.push("the article holds the answer's nonce")
  for (const m of html.matchAll(/<script\b[^>]*>/gi))
    if (!m[0].includes(`nonce="${nonce}"`)) out.push(`a script without the nonce: ${m[0]}`)
  const own = html.split(`nonce="${nonce}"`).length - 1
  const anywhere = html.split(nonce).length - 1
  if (anywhere !== own) out.push(`the nonce appears ${anywhere - own} time(s) outside a nonce attribute`)
  return out
}
