import rosetta from 'rosetta'
import type { Messages } from './en'
import type { Locale } from './locale'

export type { Messages }
export * from './locale'

/** Marker SPEC §8 prescribes for an unknown key when no translator is given. */
export const MISSING = '{*Error}'

/** Every message key: 'errors.not_found', 'accounts.login.title'... (dot paths to a text). */
export type MessageKey = Leaves<Messages>
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${P}${K}`
    : T[K] extends readonly unknown[]
      ? `${P}${K}`
      : Leaves<T[K], `${P}${K}.`>
}[keyof T & string]

/**
 * A translator. Keys are typed (a misspelt key fails the type-check); text built at run time
 * (a zod issue's key, an error code's key) goes through `t.dynamic`.
 */
export type Translate = (key: MessageKey, params?: Record<string, unknown>) => string

/**
 * A translator over one locale's messages. Rosetta keeps the active locale on the instance,
 * so each request (server) or page (client) makes its own; `onMissing` lets the client
 * report a key with no text (POST /v1/translation).
 */
export function createTranslator(locale: Locale, messages: Messages, onMissing?: (key: string) => void): Translate {
  const r = rosetta<Messages>({ [locale]: messages })
  r.locale(locale)
  const rules = new Intl.PluralRules(locale)
  return (key, params) => {
    // A count ({{count}} or {{n}}) picks the key's plural form when it has one ('…_one' beside
    // '…'), by the locale's rules: '1 sesión', '2 sesiones'.
    const count = typeof params?.count === 'number' ? params.count : typeof params?.n === 'number' ? params.n : null
    const form = count === null ? '' : String(r.t(`${key}_${rules.select(count)}`, params as never) ?? '')
    const out = form || r.t(key, params as never)
    if (out === '' || out === undefined) {
      onMissing?.(key)
      return key
    }
    return String(out)
  }
}
