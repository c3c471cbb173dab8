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
import { ALLOWED, CLOSES_P, DROP, INLINE, SIBLINGS } from './html-allowlist'
import { decodeAttr, escAttr, linkTarget } from './html-attrs'

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
