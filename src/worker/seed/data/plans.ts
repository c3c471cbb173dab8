import type { SeedPlan, SeedPlanRoute } from './types'

// ---------------------------------------------------------------------------
// Plans
// ---------------------------------------------------------------------------

const anxietyPlanRoutes: SeedPlanRoute[] = [
  { route: 'understand-emotions' },
  { route: 'breathing-for-anxiety', need_previous_completed: true },
  { route: 'grounding-54321', need_previous_completed: true, waiting_time_hours: 24 },
  { route: 'first-session-prep', need_previous_completed: true, need_appointment: true },
  { route: 'thoughts-are-not-facts', need_previous_completed: true, need_finished_appointment: true },
  { route: 'worry-time', need_previous_completed: true },
]

const insomniaPlanRoutes: SeedPlanRoute[] = [
  { route: 'insomnia-4-exercises' },
  { route: 'body-scan-sleep', need_previous_completed: true },
  { route: 'breathing-4-7-8', need_previous_completed: true, waiting_time_hours: 12 },
  { route: 'quiet-mind-night', need_previous_completed: true },
  {
    route: 'review-with-psychologist',
    need_previous_completed: true,
    need_appointment: true,
    need_finished_appointment: true,
  },
  { route: 'night-waking', need_previous_completed: true },
]

export const plans: SeedPlan[] = [
  {
    key: 'anxiety-plan',
    language: 'es',
    slug: 'plan-para-calmar-la-ansiedad',
    title: 'Tu plan para calmar la ansiedad',
    description:
      'Un camino paso a paso para entender lo que sientes y encontrar herramientas que te ayuden en el día a día. Empezarás conociendo tus emociones, practicarás la respiración y el anclaje, y contarás con el acompañamiento de una psicóloga o un psicólogo.',
    visibility: 1,
    routes: anxietyPlanRoutes.map((r) => ({ ...r })),
  },
  {
    key: 'insomnia-plan',
    language: 'es',
    slug: 'plan-para-el-insomnio',
    title: 'Tu plan para volver a dormir bien',
    description:
      'Noche a noche, este plan te ayuda a preparar el cuerpo y la mente para descansar. Incluye ejercicios para hacer en la cama, una rutina para desconectar y una sesión para revisar cómo vas.',
    visibility: 1,
    routes: insomniaPlanRoutes.map((r) => ({ ...r })),
  },
  {
    key: 'anxiety-plan',
    language: 'en',
    slug: 'a-plan-to-ease-anxiety',
    title: 'Your plan to ease anxiety',
    description:
      'A step-by-step path to understand what you feel and find tools that help you day to day. You will start by getting to know your emotions, practise breathing and grounding, and have the support of a psychologist along the way.',
    visibility: 1,
    routes: anxietyPlanRoutes.map((r) => ({ ...r })),
  },
  {
    key: 'insomnia-plan',
    language: 'en',
    slug: 'a-plan-for-restful-nights',
    title: 'Your plan for restful nights',
    description:
      'Night by night, this plan helps you prepare your body and mind for rest. It includes exercises to do in bed, a wind-down routine and a session to review how you are doing.',
    visibility: 1,
    routes: insomniaPlanRoutes.map((r) => ({ ...r })),
  },
]
