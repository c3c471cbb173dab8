// Both catalogues. Only the server imports this; the client gets its locale's messages
// embedded in the page, so dictionaries never weigh on the browser bundle.
import en from './en'
import es from './es'
import type { Locale } from './locale'

export const MESSAGES = { es, en } as const
export const messagesFor = (locale: Locale) => MESSAGES[locale]
