// What a search box's text means (docs/API.md "Search"): its words and the FTS5 query they make.
// Nothing here touches the database; search.repo.ts puts the query into the repos' SQL.

const MAX_WORDS = 8
const MAX_WORD = 40
/** A last word shorter than this is matched whole: one letter would expand to most of the index. */
const MIN_PREFIX = 2

/**
 * What FTS5's unicode61 tokenizer keeps as word characters (letters, digits, private use), plus
 * combining marks so that a decomposed 'é' stays inside its word. Everything else (spaces,
 * punctuation, symbols, emoji, and FTS5's own syntax: quotes, `*`, `-`, `:`, parentheses) separates words.
 */
const WORD = /[\p{L}\p{N}\p{Co}\p{M}]+/gu
const HAS_BASE = /[\p{L}\p{N}\p{Co}]/u
const ENDS_IN_WORD = /[\p{L}\p{N}\p{Co}\p{M}]$/u

/**
 * Words too common in Spanish or English to narrow a search. They are left out of a search
 * unless nothing else was typed ('a' alone is still searched for).
 */
const STOP_WORDS = new Set(
  (
    'a al como con de del e el en es la las lo los me mi o para por que se su tu un una y ' +
    'an and are as at be can for how i in is it my of on or the to what with'
  ).split(' '),
)

interface Word {
  text: string
  /** Matches any word it begins: the last word while it is being typed, or a word cut at 40 characters. */
  prefix: boolean
}

/** The words of a search box, at most 8. */
export function searchWords(q: string | undefined): Word[] {
  if (!q) return []
  const found = (q.match(WORD) ?? []).filter((w) => HAS_BASE.test(w))
  const partialLast = ENDS_IN_WORD.test(q)
  const words = found.map((w, i): Word => {
    const text = w.toLowerCase()
    const cut = [...text].length > MAX_WORD
    return {
      text: cut ? [...text].slice(0, MAX_WORD).join('') : text,
      prefix: cut || (partialLast && i === found.length - 1 && [...text].length >= MIN_PREFIX),
    }
  })
  const meaningful = words.filter((w) => !STOP_WORDS.has(w.text))
  const unique = new Map<string, Word>()
  for (const w of meaningful.length ? meaningful : words) {
    const seen = unique.get(w.text)
    unique.set(w.text, { text: w.text, prefix: w.prefix || !!seen?.prefix })
  }
  return [...unique.values()].slice(0, MAX_WORDS)
}

/**
 * The FTS5 MATCH expression of a search box: each word a quoted string (so no input is ever
 * FTS5 syntax: `NEAR(`, `OR`, `col:x`, `-x`, stray quotes are only words or separators),
 * joined by AND, or by OR when `diffuse`. `undefined` when there is no search; `null` when the
 * text has no word in it (`%%`, an emoji), which matches nothing.
 */
export function ftsQuery(q: string | undefined, diffuse: boolean): string | null | undefined {
  if (!q?.trim()) return undefined
  const words = searchWords(q)
  if (!words.length) return null
  return words.map((w) => `"${w.text.replaceAll('"', '""')}"${w.prefix ? '*' : ''}`).join(diffuse ? ' OR ' : ' AND ')
}
