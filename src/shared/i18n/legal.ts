// The legal pages and help in a crisis (issue 8 §5–§7), in English and Spanish.
// `en` / `es` are the short texts every page may show (spread into the messages). The legal
// documents themselves (legal.en.ts, legal.es.ts) are long, so they reach only their own page,
// as its data (worker/features/legal/legal.pages.ts), instead of weighing on every page.
import type { LegalDocument, LegalKind } from '#shared/contract/legal'
import type { Locale } from './locale'
import { documents as documentsEn } from './legal.en'
import { documents as documentsEs } from './legal.es'

/** The date every legal text shows as its last update. */
export const LEGAL_UPDATED = '2026-11-23'

export const LEGAL_DOCUMENTS: Record<Locale, Record<LegalKind, LegalDocument>> = { en: documentsEn, es: documentsEs }

export const en = {
  legal: {
    updated: 'Last updated: {{date}}',
    contents: 'Contents',
    to_contents: 'Back to contents',
    more: 'Other legal texts',
    cookie_settings: 'Change my cookie choice',
    help_note: 'Going through a hard moment? Calma is not an emergency service.',
  },
  help: {
    title: 'Help now',
    link: 'Need help now?',
    link_short: 'Help',
    lead: 'You do not have to go through this alone. If you are struggling right now, talking to someone can help, even tonight.',
    danger: 'If you are in immediate danger, call {{emergency}} now.',
    or: ' or ',
    emergency: 'Emergency',
    call: 'Call {{number}}',
    text: 'Text {{number}}',
    text_word: 'Text {{word}} to {{number}}',
    first_from_user: 'First, the lines for the country of your profile.',
    first_from_request: 'First, the lines for the country you seem to be in.',
    first_from_language: 'First, the lines for {{countries}}.',
    others: 'Other countries',
    not_listed:
      'Not in these countries? Call your local emergency number. In the European Union, 112 works everywhere.',
    breathe_title: 'While you wait',
    breathe:
      'Breathe in slowly for 4 seconds, hold for 4, breathe out for 6. Again, a few times. Put your feet on the floor and notice five things you can see.',
    not_emergency:
      'Calma is a wellbeing support, not an emergency service. These lines are run by others, free and confidential.',
    back: 'Go back to Calma',
  },
  // Offline and install (issue 23): the app's own offline page and the quiet notices.
  offline: {
    title: 'You are offline',
    lead: 'This page could not be opened without a connection. The crisis lines below always work: a phone call does not need the internet.',
    retry: 'Try again',
    to_help: 'All the crisis lines',
    notice: 'You are offline. You are seeing this page as it was the last time you opened it.',
    back_online: 'You are back online.',
    update_ready: 'A new version of Calma is ready.',
    update_reload: 'Reload',
  },
  fallback: {
    go_journey: 'Go to my plan',
    need_help: 'If you are having a hard time right now, there is help.',
  },
}

export const es: typeof en = {
  legal: {
    updated: 'Última actualización: {{date}}',
    contents: 'Contenido',
    to_contents: 'Volver al contenido',
    more: 'Otros textos legales',
    cookie_settings: 'Cambiar mi elección de cookies',
    help_note: '¿Estás pasando por un momento difícil? Calma no es un servicio de emergencias.',
  },
  help: {
    title: 'Ayuda ahora',
    link: '¿Necesitas ayuda ahora?',
    link_short: 'Ayuda',
    lead: 'No tienes que pasar por esto a solas. Si lo estás pasando mal ahora mismo, hablar con alguien puede ayudarte, también esta noche.',
    danger: 'Si estás en peligro inmediato, llama ahora al {{emergency}}.',
    or: ' o al ',
    emergency: 'Emergencias',
    call: 'Llamar al {{number}}',
    text: 'SMS al {{number}}',
    text_word: 'Escribe {{word}} al {{number}}',
    first_from_user: 'Primero, las líneas del país de tu perfil.',
    first_from_request: 'Primero, las líneas del país donde parece que estás.',
    first_from_language: 'Primero, las líneas de {{countries}}.',
    others: 'Otros países',
    not_listed:
      '¿No estás en estos países? Llama al número de emergencias local. En la Unión Europea, el 112 funciona en todas partes.',
    breathe_title: 'Mientras tanto',
    breathe:
      'Inspira despacio durante 4 segundos, aguanta 4, suelta el aire en 6. Otra vez, unas cuantas veces. Apoya los pies en el suelo y fíjate en cinco cosas que puedas ver.',
    not_emergency:
      'Calma es un apoyo para tu bienestar, no un servicio de emergencias. Estas líneas las atienden otros servicios, gratis y de forma confidencial.',
    back: 'Volver a Calma',
  },
  offline: {
    title: 'Estás sin conexión',
    lead: 'Esta página no se puede abrir sin conexión. Las líneas de crisis de abajo siempre funcionan: una llamada no necesita internet.',
    retry: 'Volver a intentarlo',
    to_help: 'Todas las líneas de crisis',
    notice: 'Estás sin conexión. Ves esta página tal como estaba la última vez que la abriste.',
    back_online: 'Vuelves a tener conexión.',
    update_ready: 'Hay una versión nueva de Calma.',
    update_reload: 'Recargar',
  },
  fallback: {
    go_journey: 'Ir a mi plan',
    need_help: 'Si lo estás pasando mal ahora mismo, hay ayuda.',
  },
}
