// Rich text that readers see (post bodies, issue 20 §4): an allowlist, applied when an editor
// saves and again whenever a body is read for a reader, so no stored HTML can run anything,
// send the reader away or ask another host for anything (docs/API.md "HTML a post may hold").
//
// Safe by construction: HTMLRewriter (workerd's own streaming HTML parser, lol-html) only
// tokenizes the input; the answer is written by this module alone, from the allowlist below:
// known tags with known attributes whose values are checked and escaped, and the text with
// every "<" escaped. Nothing of the input's markup is copied, so a tag the parser read one way
// and a browser another cannot slip through, and the answer is always balanced (every element
// it opens is closed), so a body can never close or wrap the page around it.

/**
 * What the sanitiser keeps. Bump it when the allowlist changes: rows cleaned by an older
 * version are cleaned again by the minute cron (features/posts/post-html.ts).
 */
export const HTML_POLICY_VERSION = 1

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

type AttrCheck = (raw: string) => string | null
interface Rule {
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

// ── attribute values ─────────────────────────────────────────────────────────────────────────

/** A text value (alt, title) kept as written, made safe inside double quotes. */
const text: AttrCheck = (raw) => escAttr(raw.slice(0, 500))
const digits: AttrCheck = (raw) => (/^\s*\d{1,4}\s*$/.test(raw) ? raw.trim() : null)
const oneOf =
  (...values: string[]): AttrCheck =>
  (raw) => {
    const v = raw.trim().toLowerCase()
    return values.includes(v) ? v : null
  }
/** Anchors the table of contents can link to: the shape headingId() makes (client/features/posts/toc.ts). */
const anchorId: AttrCheck = (raw) => (/^[a-z][a-z0-9-]{0,59}$/.test(raw) ? raw : null)

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  sol: '/',
  bsol: '\\',
  period: '.',
  comma: ',',
  semi: ';',
  excl: '!',
  quest: '?',
  num: '#',
  percnt: '%',
  equals: '=',
  plus: '+',
  lpar: '(',
  rpar: ')',
  lowbar: '_',
  hyphen: '-',
  dash: '-',
  commat: '@',
  tab: '\t',
  newline: '\n',
}

/**
 * An attribute's value as the browser reads it, for URLs: character references decoded (those of
 * ENTITIES by name; any other name stays as written and is written back escaped, so the browser
 * reads the very value checked here), tab and newlines removed and the ends trimmed, as URL
 * parsing does.
 */
function urlValue(raw: string): string {
  const decoded = raw.replace(
    /&(?:#x([0-9a-f]{1,6})|#(\d{1,7})|([a-z]{2,8}));?/gi,
    (whole, hex: string, dec: string, name: string) => {
      if (name) return ENTITIES[name.toLowerCase()] ?? whole
      const code = hex ? Number.parseInt(hex, 16) : Number(dec)
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd'
    },
  )
  // eslint-disable-next-line no-control-regex
  return decoded.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
}

/** A path on this site: "/…" but not "//host" nor "/\host" (both mean another host), no spaces or controls. */
// eslint-disable-next-line no-control-regex
const ownPath = (v: string) => /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/.test(v)

/** Links: http(s) and mailto anywhere, paths of this site, anchors in the page. */
function linkTarget(raw: string): { href: string; external: boolean } | null {
  const v = urlValue(raw)
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

/** Pictures and media: from this site only (the CSP loads nothing else; a third-party picture tells its host who reads the article). */
const ownSrc: AttrCheck = (raw) => {
  const v = urlValue(raw)
  return v.length <= 2000 && ownPath(v) ? escAttr(v) : null
}

function escAttr(v: string) {
  return v.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
/** An URL checked after decoding: written with every "&" escaped, so it is read back exactly. */
const escUrl = (v: string) => escAttr(v.replace(/&/g, '&amp;'))

// ── the allowlist ────────────────────────────────────────────────────────────────────────────

const heading: Rule = { attrs: { id: anchorId } }
const cell: Rule = { attrs: { colspan: digits, rowspan: digits } }
const ALLOWED: Record<string, Rule> = {
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
  a: { attrs: { title: text } }, // href: linkTarget, below
  img: {
    void: true,
    attrs: { src: ownSrc, alt: text, title: text, width: digits, height: digits },
    fixed: [['loading', 'lazy']],
  },
  figure: {},
  figcaption: {},
  table: {},
  caption: {},
  thead: {},
  tbody: {},
  tfoot: {},
  tr: {},
  th: { attrs: { ...cell.attrs, scope: oneOf('row', 'col', 'rowgroup', 'colgroup') } },
  td: cell,
  // Embeds: the site's own audio and video (/media), with controls; nothing from another host.
  video: {
    attrs: { src: ownSrc, poster: ownSrc, width: digits, height: digits },
    fixed: [
      ['controls', ''],
      ['preload', 'metadata'],
      ['playsinline', ''],
    ],
  },
  audio: {
    attrs: { src: ownSrc },
    fixed: [
      ['controls', ''],
      ['preload', 'metadata'],
    ],
  },
  source: {
    void: true,
    within: ['video', 'audio'],
    attrs: { src: ownSrc, type: (raw) => (/^(audio|video)\/[a-z0-9.+-]{1,40}$/i.test(raw.trim()) ? raw.trim() : null) },
  },
  track: {
    void: true,
    within: ['video', 'audio'],
    attrs: {
      src: ownSrc,
      kind: oneOf('subtitles', 'captions', 'descriptions', 'chapters'),
      srclang: (raw) => (/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i.test(raw.trim()) ? raw.trim() : null),
      label: text,
    },
  },
}

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
const SIBLINGS: Record<string, { closes: string[]; within: string[] }> = {
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
}

interface Open {
  tag: string
}

/**
 * The allowlisted HTML of `input`: what is not on the list goes — an unknown element's tags
 * (its text stays), and the elements of DROP with everything inside them — and every kept
 * element keeps only its checked attributes. External links get rel="noopener noreferrer nofollow".
 */
export async function sanitizeHtml(input: string): Promise<string> {
  const out: string[] = []
  const open: Open[] = []
  let dropping = false

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
        if (dropping) return
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
        const rule = ALLOWED[name]
        if (!rule) return // not on the list: the tags go, the text stays
        if (rule.within && !rule.within.includes(open.at(-1)?.tag ?? '')) return
        const tag = rule.as ?? name

        const attrs: string[] = []
        for (const [attr, raw] of el.attributes as unknown as Iterable<[string, string]>) {
          const check = rule.attrs?.[attr]
          const value = check ? check(raw) : null
          if (value !== null) attrs.push(value === '' ? ` ${attr}` : ` ${attr}="${value}"`)
        }
        if (tag === 'a') {
          const target = linkTarget(el.getAttribute('href') ?? '')
          if (!target) return // a link to nowhere allowed: its text stays
          attrs.unshift(` href="${escUrl(target.href)}"`)
          if (target.external) attrs.push(' rel="noopener noreferrer nofollow"')
        }
        if (tag === 'img' && !attrs.some((a) => a.startsWith(' src='))) return
        for (const [attr, value] of rule.fixed ?? []) attrs.push(value === '' ? ` ${attr}` : ` ${attr}="${value}"`)

        // What an HTML parser would close first, so the answer nests as the browser reads it.
        if (CLOSES_P.has(tag)) closeLast(['p'], (t) => !INLINE.has(t))
        if (/^h[2-6]$/.test(tag) && /^h[2-6]$/.test(open.at(-1)?.tag ?? '')) close(open.at(-1)!)
        const family = SIBLINGS[tag]
        if (family) closeLast(family.closes, (t) => family.within.includes(t))

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
        if (!dropping && t.text) out.push(t.text.replace(/</g, '&lt;'))
      },
    })
  await rewriter.transform(new Response(input)).arrayBuffer()
  for (const e of open.splice(0).reverse()) out.push(`</${e.tag}>`)
  return out.join('')
}
