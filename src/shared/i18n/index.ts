import rosetta from 'rosetta'
import type { Messages } from './en'
import type { Locale } from './locale'

export type { Messages }
export * from './locale'

/** Marker SPEC §8 prescribes for an unknown key when no translator is given. */
export const MISSING = '{*Error}'

export type Translate = (key: string, params?: Record<string, unknown>) => string

/**
 * A translator over one locale's messages. Rosetta keeps the active locale on the instance,
 * so each request (server) or page (client) makes its own; `onMissing` lets the client
 * report a key with no text (POST /v1/translation).
 */
export function createTranslator(locale: Locale, messages: Messages, onMissing?: (key: string) => void): Translate {
  const r = rosetta<Messages>({ [locale]: messages })
  r.locale(locale)
  return (key, params) => {
    const out = r.t(key, params as never)
    if (out === '' || out === undefined) {
      onMissing?.(key)
      return key
    }
    return String(out)
  }
}

/** Look up a message when there may be no translator at all (SPEC §8). */
export function translateOrMarker(t: Translate | undefined, key: string, params?: Record<string, unknown>): string {
  return t ? t(key, params) : MISSING
}
