// Contact, call-back, feedback and suggestions (SPEC §2; issue 8 §3). Only /letstalk has a
// loader (worker/features/forms/forms.pages.ts): the country list and the caller's details.
import { page } from '#shared/pages'

export const formsPages = {
  contact: page('/contact', 'public', 'pages.contact', () => import('./Contact')),
  letstalk: page('/letstalk', 'public', 'pages.letstalk', () => import('./Letstalk')),
  feedback: page('/feedback', 'public', 'pages.feedback', () => import('./Feedback')),
  suggestions: page('/suggestions', 'public', 'pages.suggestions', () => import('./Suggestions')),
}
