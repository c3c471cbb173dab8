// The allowlist of post bodies (issue 20 §4, issue 32): which elements are dropped with their
// content, which are kept and with which attributes, and how an HTML parser nests them (what a
// start tag closes), so that lib/html.ts writes a tree a browser reads the same way. Change it
// and bump HTML_POLICY_VERSION (lib/html.ts): stored bodies are cleaned again by the cron.
import { anchorId, digits, mediaSrc, oneOf, text, type AttrCheck } from './html-attrs'

/** Dropped with everything inside them (scripts, styles, raw text, forms' controls, other documents). */
export const DROP = new Set([
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
export const ALLOWED: ReadonlyMap<string, Rule> = new Map(
  Object.entries(SPEC).map(([tag, r]) => [tag, { ...r, attrs: new Map(Object.entries(r.attrs ?? {})) }]),
)

/** Inline elements: a block's start closes an open p past them (as an HTML parser would). */
export const INLINE = new Set([
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
export const CLOSES_P = new Set([
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
export const SIBLINGS: ReadonlyMap<string, { closes: string[]; within: string[] }> = new Map(
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
