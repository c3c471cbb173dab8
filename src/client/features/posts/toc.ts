// The table of contents of an article (SPEC §2: built from its h2 and h3 headings): each heading
// gets a stable id to jump to, made from its text, so a shared link (#sleep-hygiene) keeps working.

export interface TocEntry {
  id: string
  level: 2 | 3
  text: string
  /** Its number in the contents: '1', '2', and '2.1' for an h3 under the second h2 (issue 20 §8). */
  number: string
}

const decode = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39|nbsp);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[e]!,
  )

/** 'Dormir ¿mejor? Sí' → 'dormir-mejor-si' (accents dropped, 60 characters at most). */
export function headingId(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'section'
  )
}

/**
 * The body with an id on every h2/h3 (an existing id is kept), and the entries in order.
 * Duplicate texts get -2, -3… so every anchor is unique. h2s are numbered 1, 2, 3; an h3 is
 * numbered under the h2 before it (2.1, 2.2); an h3 before any h2 counts as a top-level one.
 */
export function tableOfContents(html: string): { html: string; toc: TocEntry[] } {
  const toc: TocEntry[] = []
  const used = new Map<string, number>()
  let top = 0
  let sub = 0
  const out = html.replace(
    /<h([23])(\s[^>]*)?>([\s\S]*?)<\/h\1>/gi,
    (whole, level: string, attrs: string | undefined, inner: string) => {
      const text = decode(inner.replace(/<[^>]+>/g, ''))
        .replace(/\s+/g, ' ')
        .trim()
      if (!text) return whole
      const existing = /\sid\s*=\s*["']([^"']+)["']/i.exec(attrs ?? '')?.[1]
      let id = existing ?? headingId(text)
      if (!existing) {
        const n = (used.get(id) ?? 0) + 1
        used.set(id, n)
        if (n > 1) id = `${id}-${n}`
      }
      const lvl = Number(level) as 2 | 3
      let number: string
      if (lvl === 2 || top === 0) {
        top++
        sub = 0
        number = String(top)
      } else number = `${top}.${++sub}`
      // The contents write the number: an author's own "1. " / "2) " at the start is not repeated.
      toc.push({ id, level: lvl, text: text.replace(/^\d{1,3}[.)]\s+(?=\S)/, ''), number })
      return existing ? whole : `<h${level} id="${id}"${attrs ?? ''}>${inner}</h${level}>`
    },
  )
  return { html: out, toc }
}
