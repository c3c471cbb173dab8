// A person's safety plan (issue 44 §4), Stanley & Brown's six steps, without zod: the page (which
// keeps the plan on the device first, signed in or not) and the contract (contract/safety.ts)
// build on these. Health data: never in analytics, shown to nobody but the person.

/** The six steps, in the order the plan is written and read. */
export const SAFETY_STEPS = [
  'warning_signs',
  'coping',
  'distractions',
  'people',
  'professionals',
  'environment',
] as const
export type SafetyStep = (typeof SAFETY_STEPS)[number]

/** The steps whose lines carry a number to call (4: people I can ask; 5: professionals and lines). */
export const CONTACT_STEPS = ['people', 'professionals'] as const satisfies readonly SafetyStep[]
export type ContactStep = (typeof CONTACT_STEPS)[number]
export type TextStep = Exclude<SafetyStep, ContactStep>

/** A line of steps 4 and 5: who, and the number to call (empty when there is none). */
export interface SafetyContact {
  name: string
  phone: string
}

/** The whole plan: each step a short list. An empty plan has six empty lists. */
export type SafetyPlanSteps = { [S in TextStep]: string[] } & { [S in ContactStep]: SafetyContact[] }

/** Lines per step: enough for a real plan, and the printed plan still fits one page. */
export const SAFETY_ITEMS_MAX = 6
/** One line: a sentence, not a diary. */
export const SAFETY_TEXT_MAX = 160
/** A number as a person writes it ('+34 600 000 000', '024'). */
export const SAFETY_PHONE_MAX = 30

export const emptySafetyPlan = (): SafetyPlanSteps => ({
  warning_signs: [],
  coping: [],
  distractions: [],
  people: [],
  professionals: [],
  environment: [],
})
