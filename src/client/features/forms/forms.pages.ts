// Contact, call-back, feedback and suggestions (SPEC §2). Issue 8 replaces the placeholders.
import { page } from '#shared/pages'

export const formsPages = {
  contact: page('/contact', 'public', 'pages.contact', () => import('#client/app/Placeholder.tsx')),
  letstalk: page('/letstalk', 'public', 'pages.letstalk', () => import('#client/app/Placeholder.tsx')),
  feedback: page('/feedback', 'public', 'pages.feedback', () => import('#client/app/Placeholder.tsx')),
  suggestions: page('/suggestions', 'public', 'pages.suggestions', () => import('#client/app/Placeholder.tsx')),
}
