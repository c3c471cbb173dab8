// Rich text that readers see (post bodies, issue 20 §4): an allowlist, applied when an editor
// saves and again whenever a body is read for a reader, so no stored HTML can run anything,
// send the reader away or ask another host for anything (docs/API.md "HTML a post may hold").
//
// Safe by construction: HTMLRewriter (workerd's own streaming HTML parser, lol-html) only
// tokenizes the input; the answer is written by this module alone, from the allowlist below:
// known tags with known attributes, and the text with every "<" escaped. Nothing of the input's
// markup is copied, so a tag the parser read one way and a browser another cannot slip through,
// and the answer is always balanced (every element it opens is closed), so a body can never
// close or wrap the page around it.
//
// Attribute values (issue 32 §1): each is decoded ONCE, as a browser decodes an attribute
// (every character reference of HTML, with the attribute rules for a missing ";"), checked, and
// written escaped ONCE (`&` `"` `<` `>`), so the value a browser reads is exactly the value
// checked here, however often a body is cleaned again. Names are looked up in Maps: a name that
// is also a property of every object (`constructor`, `__proto__`) is as unknown as any other.
// Duplicated attributes count once, the first, as a browser reads them.
import { decodeHTMLAttribute } from 'entities'

/**
 * What the sanitiser keeps. Bump it when the allowlist changes: rows cleaned by an older
 * version are cleaned again by the minute cron (features/posts/post-html.ts). 2: issue 32 (one
 * decoding, Map lookups, unreadable and too deep bodies as text).
 */
export const HTML_POLICY_VERSION = 2

/**
 * Nesting kept at most. Chromium's parser stops nesting at 512 (deeper elements become siblings),
 * so a deeper body would be another tree in the browser than the one balanced here (DOMPurify
 * 3.1.3 refuses deep nesting for the same mXSS reason). An article needs a handful.
 */
export const MAX_DEPTH = 100

/** Why a body cannot be cleaned: the parser cannot read it, it nests too deep, or a second pass changes it. */
export type UncleanReason = 'unreadable' | 'too_deep' | 'unstable'

/** Thrown by sanitizeHtml / cleanHtml for a body that cannot be cleaned; never for a hostile one that can. */
export class UncleanHtml extends Error {
  constructor(
    readonly reason: UncleanReason,
    options?: { cause?: unknown },
  ) {
    super(`post HTML cannot be cleaned: ${reason}`, options)
    this.name = 'UncleanHtml'
  }
}

const HTML_NS = 'http://www.w3.org/1999/xhtml'

/** Dropped with everything inside them (scripts, styles, raw text, forms' controls, other documents). */
const DROP = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'textarea',
  'title',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'param',
  'canvas',
  'svg',
  'math',
  'head',
  'meta',
  'link',
  'base',
  'select',
  'option',
  'optgroup',
  'datalist',
  'button',
  'input',
  'keygen',
  'dialog',
  'portal',
  'fencedframe',
  'map',
  'area',
  'image',
  'slot',
])

/** Takes the attribute's value as a browser reads it (decoded once); answers the value to write, or null. */
type AttrCheck = (value: string) => string | null
interface RuleSpec {
  /** Written under this name (an article's own h1 is its title: a body's h1 becomes h2). */
  as?: string
  attrs?: Record<string, AttrCheck>
  /** Attributes always written (after the checked ones). */
  fixed?: [string, string][]
  /** Has no end tag. */
  void?: true
  /** Only inside one of these (source and track: inside audio or video). */
  within?: string[]
}
interface Rule extends Omit<RuleSpec, 'attrs'> {
  attrs: ReadonlyMap<string, AttrCheck>
}

// ── attribute values ─────────────────────────────────────────────────────────────────────────

/** A text value (alt, title), at most 500 characters. */
const text: AttrCheck = (v) => (v.length > 500 ? Array.from(v).slice(0, 500).join('') : v)
const digits: AttrCheck = (v) => (/^\s*\d{1,4}\s*$/.test(v) ? v.trim() : null)
const oneOf =
  (...values: string[]): AttrCheck =>
  (raw) => {
    const v = raw.trim().toLowerCase()
    return values.includes(v) ? v : null
  }
/** Anchors the table of contents can link to: the shape headingId() makes (client/features/posts/toc.ts). */
const anchorId: AttrCheck = (v) => (/^[a-z][a-z0-9-]{0,59}$/.test(v) ? v : null)

/**
 * An attribute's value as the browser reads it: character references decoded as in an attribute
 * (entities' decodeHTMLAttribute follows the HTML standard's table and rules), NUL as U+FFFD.
 */
// eslint-disable-next-line no-control-regex
const decodeAttr = (raw: string) => decodeHTMLAttribute(raw).replace(/\u0000/g, '\ufffd')

/** A decoded URL as URL parsing reads it: tab and newlines removed, C0 controls and spaces trimmed. */
// eslint-disable-next-line no-control-regex
const urlOf = (v: string) => v.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')

/** A path on this site: "/…" but not "//host" nor "/\\host" (both mean another host), no spaces or controls. */
// eslint-disable-next-line no-control-regex
const ownPath = (v: string) => /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/.test(v)

/** Links: http(s) and mailto anywhere, paths of this site, anchors in the page. */
function linkTarget(value: string): { href: string; external: boolean } | null {
  const v = urlOf(value)
  if (v.length > 2000) return null
  // eslint-disable-next-line no-control-regex
  if (/^#[^\s\u0000-\u001f\u007f]*$/.test(v) || ownPath(v)) return { href: v, external: false }
  let url: URL
  try {
    url = new URL(v)
  } catch {
    return null
  }
  if (url.protocol === 'http:' || url.protocol === 'https:')
    return url.username || url.password ? null : { href: url.href, external: true }
  if (url.protocol === 'mailto:') return { href: url.href, external: false }
  return null
}

/**
 * Pictures and media: files of this site's media only (`/media/…`, what the admin uploads). Not
 * another host (the CSP loads none; a third-party picture tells its host who reads the article),
 * and not any other path of this site either: a picture is fetched by every reader's browser as
 * a same-origin request, and `/logout` or a call would run for each of them. Checked and written
 * as the URL parser resolves it (dot segments, `%2e%2e` included), so the browser asks for that.
 */
const MEDIA_BASE = 'https://calma.invalid'
const mediaSrc: AttrCheck = (value) => {
  const v = urlOf(value)
  if (v.length > 2000 || !ownPath(v)) return null
  let url: URL
  try {
    url = new URL(v, MEDIA_BASE)
  } catch {
    return null
  }
  if (url.origin !== MEDIA_BASE || !url.pathname.startsWith('/media/')) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** A checked value inside double quotes: written so a browser decodes it back to exactly `v`. */
const escAttr = (v: string) =>
  v.replace(/[&"<>]/g, (ch) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[ch]!)

// ── the allowlist ────────────────────────────────────────────────────────────────────────────

const heading: RuleSpec = { attrs: { id: anchorId } }
/** Where a browser keeps table parts: anywhere else it drops their tags (the text stays). */
const TABLE = ['table', 'thead', 'tbody', 'tfoot']
const cell: RuleSpec = { attrs: { colspan: digits, rowspan: digits }, within: ['tr', ...TABLE] }
const SPEC: Record<string, RuleSpec> = {
  p: {},
  br: { void: true },
  hr: { void: true },
  h1: { ...heading, as: 'h2' },
  h2: heading,
  h3: heading,
  h4: heading,
  h5: heading,
  h6: heading,
  strong: {},
  b: {},
  em: {},
  i: {},
  u: {},
  s: {},
  del: {},
  ins: {},
  mark: {},
  small: {},
  sub: {},
  sup: {},
  code: {},
  kbd: {},
  pre: {},
  blockquote: {},
  q: {},
  cite: {},
  abbr: { attrs: { title: text } },
  ul: {},
  ol: { attrs: { start: digits, reversed: oneOf('', 'reversed') } },
  li: {},
  dl: {},
  dt: {},
  dd: {},
  a: { attrs: { title: text } }, // href: linkTarget, below (the link goes when it has none allowed)
  img: {
    void: true,
    attrs: { src: mediaSrc, alt: text, title: text, width: digits, height: digits },
    fixed: [['loading', 'lazy']],
  },
  figure: {},
  figcaption: {},
  table: {},
  caption: { within: ['table'] },
  thead: { within: ['table'] },
  tbody: { within: ['table'] },
  tfoot: { within: ['table'] },
  tr: { within: TABLE },
  th: { ...cell, attrs: { ...cell.attrs, scope: oneOf('row', 'col', 'rowgroup', 'colgroup') } },
  td: cell,
  // Embeds: the site's own audio and video (/media), with controls; nothing from another host.
  video: {
    attrs: { src: mediaSrc, poster: mediaSrc, width: digits, height: digits },
    fixed: [
      ['controls', ''],
      ['preload', 'metadata'],
      ['playsinline', ''],
    ],
  },
  audio: {
    attrs: { src: mediaSrc },
    fixed: [
      ['controls', ''],
      ['preload', 'metadata'],
    ],
  },
  source: {
    void: true,
    within: ['video', 'audio'],
    attrs: { src: mediaSrc, type: (v) => (/^(audio|video)\/[a-z0-9.+-]{1,40}$/i.test(v.trim()) ? v.trim() : null) },
  },
  track: {
    void: true,
    within: ['video', 'audio'],
    attrs: {
      src: mediaSrc,
      kind: oneOf('subtitles', 'captions', 'descriptions', 'chapters'),
      srclang: (v) => (/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i.test(v.trim()) ? v.trim() : null),
      label: text,
    },
  },
}

/** The allowlist by tag name, in Maps: no name reaches a property every object has. */
const ALLOWED: ReadonlyMap<string, Rule> = new Map(
  Object.entries(SPEC).map(([tag, r]) => [tag, { ...r, attrs: new Map(Object.entries(r.attrs ?? {})) }]),
)

/** Inline elements: a block's start closes an open p past them (as an HTML parser would). */
const INLINE = new Set([
  'a',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'code',
  'kbd',
  'q',
  'cite',
  'abbr',
])
const CLOSES_P = new Set([
  'p',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'dl',
  'pre',
  'blockquote',
  'table',
  'figure',
  'figcaption',
  'hr',
  'video',
  'audio',
])
/** Starting one of these closes the open one of the same family within its container. */
const SIBLINGS: ReadonlyMap<string, { closes: string[]; within: string[] }> = new Map(
  Object.entries({
    li: { closes: ['li'], within: ['ul', 'ol'] },
    dt: { closes: ['dt', 'dd'], within: ['dl'] },
    dd: { closes: ['dt', 'dd'], within: ['dl'] },
    tr: { closes: ['tr'], within: ['table', 'thead', 'tbody', 'tfoot'] },
    td: { closes: ['td', 'th'], within: ['tr', 'table'] },
    th: { closes: ['td', 'th'], within: ['tr', 'table'] },
    thead: { closes: ['thead', 'tbody', 'tfoot', 'caption'], within: ['table'] },
    tbody: { closes: ['thead', 'tbody', 'tfoot', 'caption'], within: ['table'] },
    tfoot: { closes: ['thead', 'tbody', 'tfoot', 'caption'], within: ['table'] },
    a: { closes: ['a'], within: [] },
  }),
)

interface Open {
  tag: string
}

/**
 * The allowlisted HTML of `input`: what is not on the list goes — an unknown element's tags
 * (its text stays), and the elements of DROP with everything inside them — and every kept
 * element keeps only its checked attributes. External links get rel="noopener noreferrer nofollow".
 * Throws UncleanHtml when the body cannot be cleaned (the parser cannot read it, or it nests
 * deeper than MAX_DEPTH); any hostile body that can be read is cleaned, never refused.
 */
export async function sanitizeHtml(input: string): Promise<string> {
  const out: string[] = []
  const open: Open[] = []
  let dropping = false
  let tooDeep = false

  const close = (entry: Open) => {
    const at = open.lastIndexOf(entry)
    if (at < 0) return
    for (const e of open.splice(at).reverse()) out.push(`</${e.tag}>`)
  }
  /** Close the last open element named in `names`, unless a `stop` element comes first. */
  const closeLast = (names: string[], stop: (tag: string) => boolean) => {
    for (let i = open.length - 1; i >= 0; i--) {
      const tag = open[i]!.tag
      if (names.includes(tag)) return close(open[i]!)
      if (stop(tag)) return
    }
  }

  const rewriter = new HTMLRewriter()
    .on('*', {
      element(el) {
        if (dropping || tooDeep) return
        const name = el.tagName.toLowerCase()
        if (el.namespaceURI !== HTML_NS || DROP.has(name)) {
          // Void ones (meta, link, input…) have no content to drop.
          try {
            el.onEndTag(() => {
              dropping = false
            })
            dropping = true
          } catch {
            // no end tag
          }
          return
        }
        const rule = ALLOWED.get(name)
        if (!rule) return // not on the list: the tags go, the text stays
        const tag = rule.as ?? name
        // A row or a cell first closes the open one of its family, as an HTML parser would, then
        // must stand where a browser keeps it (a cell outside a table is dropped by a browser too).
        const family = SIBLINGS.get(tag)
        if (family) closeLast(family.closes, (t) => family.within.includes(t))
        if (rule.within && !rule.within.includes(open.at(-1)?.tag ?? '')) return

        // Each name once, its first value, decoded once (a browser keeps the first of a name too).
        const values = new Map<string, string>()
        for (const [attr, raw] of el.attributes as unknown as Iterable<[string, string]>) {
          const key = attr.toLowerCase()
          if (!values.has(key)) values.set(key, decodeAttr(raw))
        }
        const attrs: string[] = []
        for (const [attr, value] of values) {
          const check = rule.attrs.get(attr)
          const kept = check ? check(value) : null
          if (kept !== null) attrs.push(kept === '' ? ` ${attr}` : ` ${attr}="${escAttr(kept)}"`)
        }
        if (tag === 'a') {
          const target = linkTarget(values.get('href') ?? '')
          if (!target) return // a link to nowhere allowed: its text stays
          attrs.unshift(` href="${escAttr(target.href)}"`)
          if (target.external) attrs.push(' rel="noopener noreferrer nofollow"')
        }
        if (tag === 'img' && !attrs.some((a) => a.startsWith(' src='))) return
        for (const [attr, value] of rule.fixed ?? []) attrs.push(value === '' ? ` ${attr}` : ` ${attr}="${value}"`)

        // What an HTML parser would close first, so the answer nests as the browser reads it.
        if (CLOSES_P.has(tag)) closeLast(['p'], (t) => !INLINE.has(t))
        if (/^h[2-6]$/.test(tag) && /^h[2-6]$/.test(open.at(-1)?.tag ?? '')) close(open.at(-1)!)

        if (!rule.void && open.length >= MAX_DEPTH) {
          tooDeep = true
          return
        }
        out.push(`<${tag}${attrs.join('')}>`)
        if (rule.void) return
        const entry: Open = { tag }
        open.push(entry)
        try {
          el.onEndTag(() => close(entry))
        } catch {
          close(entry) // <p/>: an element without content
        }
      },
    })
    .onDocument({
      text(t) {
        if (!dropping && !tooDeep && t.text) out.push(t.text.replace(/</g, '&lt;'))
      },
    })
  try {
    await rewriter.transform(new Response(input)).arrayBuffer()
  } catch (err) {
    // lol-html refuses markup it cannot tell raw text from (a <plaintext> inside a <select>…).
    throw new UncleanHtml('unreadable', { cause: err })
  }
  if (tooDeep) throw new UncleanHtml('too_deep')
  for (const e of open.splice(0).reverse()) out.push(`</${e.tag}>`)
  return out.join('')
}

/**
 * What an editor's save stores: the allowlisted body, which must also be a fixed point (cleaning
 * it again changes nothing), since every read cleans it again. Throws UncleanHtml otherwise.
 */
export async function cleanHtml(input: string): Promise<string> {
  const out = await sanitizeHtml(input)
  if ((await sanitizeHtml(out)) !== out) throw new UncleanHtml('unstable')
  return out
}

/** A body that cannot be cleaned, shown as what it is: its text, every markup character escaped, in one paragraph. */
export const htmlAsText = (input: string) =>
  `<p>${input.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!)}</p>`
