// The public forms (issue 8 §3; SPEC §2, §3 "Contact request, Feedback, Call-back request", §7
// "Common", §9): contact, feedback and the route suggestion. The call-back request ('letstalk')
// carries a phone and is in forms.phone.ts, so the other pages do not download the phone-number
// metadata (as users.ts / users.phone.ts). docs/API.md "Forms (issue 8 §3)" has the rules.
import { z } from './zod'
import { CONTACT_REASONS, UsageFrequency } from '#shared/enums'
import { post } from './call'
import { messageResponse } from './common'
import { bool01, emailField, int, line, paragraph } from './fields'
import { captchaFields } from './users'

// ── Bounds (SPEC §5: "Exact bounds for fields are not shown"; ours) ─────────────────────────

export const FORM_LIMITS = {
  /** A contact message: enough to say what happened, never a novel. */
  descriptionMin: 10,
  descriptionMax: 5000,
  /** Each free-text answer of the feedback form. */
  answerMax: 2000,
  /** A suggestion's topic: what a search box takes (searchField). */
  keywordMax: 200,
  suggestionTextMax: 1000,
} as const

/** SPEC §9: 1 Daily, 2 Weekly, 3 Monthly, 4 First time. */
export const USAGE_FREQUENCIES = [
  UsageFrequency.daily,
  UsageFrequency.weekly,
  UsageFrequency.monthly,
  UsageFrequency.first_time,
] as const
/** Did the product solve the problem the person came with (feedback step 4; our choices). */
export const PROBLEM_SOLVED = ['yes', 'partly', 'no'] as const

/** The number of steps of each multi-step form (SPEC §2, §9). */
export const FORM_STEPS = { contact: 3, letstalk: 4, feedback: 11 } as const

/** At least one letter or digit: a topic the route search can match (a search word). */
const hasWord = (v: string) => /[\p{L}\p{N}]/u.test(v)

// ── Requests ─────────────────────────────────────────────────────────────────────────────────

/** POST /v1/contact (SPEC §3 Contact request: email, reason, message as the form field `description`). */
export const contactRequest = z.object({
  email: emailField,
  reason: z.enum(CONTACT_REASONS, { error: 'validation.choice' }),
  description: paragraph(FORM_LIMITS.descriptionMax, FORM_LIMITS.descriptionMin),
  ...captchaFields,
})
export type ContactRequest = z.output<typeof contactRequest>

const answer = paragraph(FORM_LIMITS.answerMax).optional()

/** POST /v1/feedback (SPEC §3 Feedback; one question a step, 11 steps). */
export const feedbackRequest = z.object({
  email: emailField,
  usage_frequency: z
    .union([z.literal(USAGE_FREQUENCIES), z.enum(['1', '2', '3', '4'])], { error: 'validation.choice' })
    .transform((v) => Number(v) as UsageFrequency),
  problem_to_solve: answer,
  problem_solved: z.enum(PROBLEM_SOLVED, { error: 'validation.choice' }).optional(),
  best_part: answer,
  frustrations: answer,
  improvements: answer,
  /** SPEC §5, §9: 1 to 10. */
  recommendation_score: int({ min: 1, max: 10 }),
  recommendation_reason: answer,
  ideas_or_suggestions: answer,
  price_feedback: answer,
  ...captchaFields,
})
export type FeedbackRequest = z.output<typeof feedbackRequest>

/**
 * POST /v1/suggestion: ask for a route about `keyword` (what was searched, or the topic), with
 * optional details; `notify=1` asks to be told when such a route is published, which needs an
 * email.
 */
export const suggestionRequest = z
  .object({
    keyword: line(FORM_LIMITS.keywordMax).refine(hasWord, { error: 'forms.errors.keyword_words' }),
    text: paragraph(FORM_LIMITS.suggestionTextMax).optional(),
    notify: bool01.optional(),
    email: emailField.optional(),
    ...captchaFields,
  })
  .superRefine((v, ctx) => {
    if (v.notify && !v.email)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'forms.errors.email_for_notify' })
  })
export type SuggestionRequest = z.output<typeof suggestionRequest>

// ── Calls (SPEC §7 "Common": form fields of section 3 → message) ────────────────────────────

export const sendContact = post('/contact', contactRequest, messageResponse, {
  status: 201,
  message: 'forms.contact.thanks',
})
export const sendFeedback = post('/feedback', feedbackRequest, messageResponse, {
  status: 201,
  message: 'forms.feedback.thanks',
})
export const sendSuggestion = post('/suggestion', suggestionRequest, messageResponse, {
  status: 201,
  message: 'forms.suggestions.thanks',
})

export const formsCalls = [sendContact, sendFeedback, sendSuggestion] as const
