/**
 * Demo content for the seed: categories, symptoms, routes with units, posts, plans,
 * psychologists and demo users, in Spanish and English.
 *
 * Data only (no database code). Rows are separate per language; `key` fields are
 * language-independent and link the Spanish and English versions of the same thing
 * (routes, symptoms, categories, plans). References between rows always use keys
 * (symptom keys, route keys, category slugs of the same language).
 *
 * Unit audio files live in `seed/media/<audio>` and are generated, with their spoken
 * scripts in `seed/audio-scripts.json`, by `node scripts/make-seed-audio.mjs`, which
 * also rewrites the `audioDurations` block below with the real durations.
 */

import { Role } from '../../shared/enums'

export type Language = 'es' | 'en';

export const languages: readonly Language[] = ['es', 'en'];

/** Language-independent symptom keys. */
export type SymptomKey =
  | 'anxiety'
  | 'insomnia'
  | 'overthinking'
  | 'rumination'
  | 'sadness'
  | 'stress'
  | 'panic'
  | 'low-mood';

// Roles are SPEC §6's numbers, defined once in src/shared/enums.ts.
export { Role }
export type RoleValue = Role

export interface SeedCategory {
  /** Language-independent key, shared by the Spanish and English rows. */
  key: string;
  language: Language;
  slug: string;
  title: string;
}

export interface SeedSymptom {
  key: SymptomKey;
  language: Language;
  slug: string;
  title: string;
  seo_title: string;
  seo_description: string;
}

export interface SeedUnit {
  title: string;
  description: string;
  /** File name inside seed/media/, e.g. 'es-breathing-1.mp3'. Several units may share one file. */
  audio: string;
  /** Real duration of the audio file, in whole seconds. */
  duration_seconds: number;
}

export interface SeedRoute {
  /** Language-independent key, shared by the Spanish and English rows; plans and posts refer to it. */
  key: string;
  language: Language;
  slug: string;
  title: string;
  description: string;
  seo_title: string;
  seo_description: string;
  tag: string;
  /** Slug of a route category of the same language. */
  category: string;
  /** Symptom keys; the first one is the primary symptom. */
  symptoms: SymptomKey[];
  order: number;
  needs_appointment?: boolean;
  /** In order; 3 to 6 units. */
  units: SeedUnit[];
}

export interface SeedPost {
  language: Language;
  slug: string;
  title: string;
  description: string;
  /** HTML with several <h2> and <h3> headings and paragraphs. */
  content: string;
  tag: string;
  tags: string[];
  /** Slug of a post category of the same language. */
  category: string;
  author: string;
  /** ISO date-time. */
  published_at: string;
  /** Keys of routes (the row of the same language). */
  related_route_keys: string[];
}

export interface SeedPlanRoute {
  /** Route key (the row of the plan's language). */
  route: string;
  /** The previous route of the plan must be completed first (true for every route but the first). */
  need_previous_completed?: boolean;
  /** Hours to wait after the previous route is completed. */
  waiting_time_hours?: number;
  /** An appointment must be booked to open this route. */
  need_appointment?: boolean;
  /** An appointment must have been attended (finished) to open this route. */
  need_finished_appointment?: boolean;
}

export interface SeedPlan {
  /** Language-independent key ('anxiety-plan', 'insomnia-plan'). */
  key: string;
  language: Language;
  slug: string;
  title: string;
  description: string;
  /** 1 public, 2 private. */
  visibility: 1 | 2;
  /** Ordered. */
  routes: SeedPlanRoute[];
}

export interface SeedAvailability {
  /** 0 Sunday ... 6 Saturday (JavaScript Date#getDay), in the psychologist's timezone. */
  weekday: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  /** 'HH:MM', local time of the psychologist's timezone. */
  start: string;
  /** 'HH:MM', local time; the last slot must end at or before this time. */
  end: string;
  slot_minutes: number;
}

export type LocatedAt = 'Colombia' | 'Mexico' | 'Spain' | 'India' | 'Venezuela';

export interface SeedPsychologist {
  name: string;
  email: string;
  /** E.164. */
  phone: string;
  language: Language;
  country_code: string;
  nationality: LocatedAt;
  located_at: LocatedAt;
  degree: string;
  speaks_in: Language[];
  specialist_in_symptoms: SymptomKey[];
  /** Route category key. */
  specialized_in_the_category: string;
  timezone: string;
  bio: Record<Language, string>;
  availability: SeedAvailability[];
}

export interface SeedUser {
  email: string;
  /** Plain text demo password; hash it when seeding. */
  password: string;
  name: string;
  role: RoleValue;
  subscriber: boolean;
  language: Language;
  country_code: string;
  /** E.164. */
  phone: string;
  timezone: string;
  /** Credits in dollars. */
  credits?: number;
  /** Plan keys to assign (the plan row of the user's language). */
  assigned_plan_keys?: string[];
}

export const DEMO_PASSWORD = 'Calma-demo-2026';

// ---------------------------------------------------------------------------
// Audio durations (generated; do not edit by hand)
// ---------------------------------------------------------------------------

// BEGIN GENERATED AUDIO DURATIONS (scripts/make-seed-audio.mjs)
export const audioDurations: Readonly<Record<string, number>> = {
  'en-bodyscan-1.mp3': 21,
  'en-bodyscan-2.mp3': 22,
  'en-bodyscan-3.mp3': 22,
  'en-bodyscan-4.mp3': 21,
  'en-breathing-1.mp3': 22,
  'en-breathing-2.mp3': 23,
  'en-breathing-3.mp3': 23,
  'en-breathing-4.mp3': 23,
  'en-compassion-1.mp3': 20,
  'en-compassion-2.mp3': 21,
  'en-compassion-3.mp3': 20,
  'en-compassion-4.mp3': 19,
  'en-emotions-1.mp3': 23,
  'en-emotions-2.mp3': 21,
  'en-emotions-3.mp3': 21,
  'en-emotions-4.mp3': 23,
  'en-grounding-1.mp3': 20,
  'en-grounding-2.mp3': 23,
  'en-grounding-3.mp3': 21,
  'en-mood-1.mp3': 22,
  'en-mood-2.mp3': 21,
  'en-mood-3.mp3': 22,
  'en-panic-1.mp3': 22,
  'en-panic-2.mp3': 23,
  'en-rumination-1.mp3': 21,
  'en-rumination-2.mp3': 21,
  'en-rumination-3.mp3': 22,
  'en-rumination-4.mp3': 19,
  'en-session-1.mp3': 20,
  'en-sleep-1.mp3': 21,
  'en-sleep-2.mp3': 22,
  'en-sleep-3.mp3': 23,
  'en-sleep-4.mp3': 22,
  'en-stress-1.mp3': 20,
  'en-stress-2.mp3': 22,
  'en-welcome-1.mp3': 17,
  'en-worry-1.mp3': 21,
  'en-worry-2.mp3': 23,
  'es-bodyscan-1.mp3': 23,
  'es-bodyscan-2.mp3': 22,
  'es-bodyscan-3.mp3': 23,
  'es-bodyscan-4.mp3': 23,
  'es-breathing-1.mp3': 23,
  'es-breathing-2.mp3': 25,
  'es-breathing-3.mp3': 22,
  'es-breathing-4.mp3': 22,
  'es-compassion-1.mp3': 20,
  'es-compassion-2.mp3': 23,
  'es-compassion-3.mp3': 20,
  'es-compassion-4.mp3': 20,
  'es-emotions-1.mp3': 22,
  'es-emotions-2.mp3': 22,
  'es-emotions-3.mp3': 21,
  'es-emotions-4.mp3': 22,
  'es-grounding-1.mp3': 22,
  'es-grounding-2.mp3': 21,
  'es-grounding-3.mp3': 21,
  'es-mood-1.mp3': 22,
  'es-mood-2.mp3': 23,
  'es-mood-3.mp3': 22,
  'es-panic-1.mp3': 23,
  'es-panic-2.mp3': 23,
  'es-rumination-1.mp3': 22,
  'es-rumination-2.mp3': 21,
  'es-rumination-3.mp3': 23,
  'es-rumination-4.mp3': 21,
  'es-session-1.mp3': 21,
  'es-sleep-1.mp3': 20,
  'es-sleep-2.mp3': 25,
  'es-sleep-3.mp3': 23,
  'es-sleep-4.mp3': 23,
  'es-stress-1.mp3': 20,
  'es-stress-2.mp3': 20,
  'es-welcome-1.mp3': 16,
  'es-worry-1.mp3': 22,
  'es-worry-2.mp3': 23,
};
// END GENERATED AUDIO DURATIONS

function durationOf(audio: string): number {
  const seconds = audioDurations[audio];
  if (seconds === undefined) {
    throw new Error(`No duration for seed audio ${audio}; run node scripts/make-seed-audio.mjs`);
  }
  return seconds;
}

// ---------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------

export const routeCategories: SeedCategory[] = [
  { key: 'calm', language: 'es', slug: 'ansiedad-y-calma', title: 'Ansiedad y calma' },
  { key: 'sleep', language: 'es', slug: 'dormir-mejor', title: 'Dormir mejor' },
  { key: 'emotions', language: 'es', slug: 'emociones', title: 'Emociones' },
  { key: 'thoughts', language: 'es', slug: 'pensamientos', title: 'Pensamientos' },
  { key: 'calm', language: 'en', slug: 'anxiety-and-calm', title: 'Anxiety and calm' },
  { key: 'sleep', language: 'en', slug: 'better-sleep', title: 'Better sleep' },
  { key: 'emotions', language: 'en', slug: 'emotions', title: 'Emotions' },
  { key: 'thoughts', language: 'en', slug: 'thoughts', title: 'Thoughts' },
];

export const postCategories: SeedCategory[] = [
  { key: 'guides', language: 'es', slug: 'guias-practicas', title: 'Guías prácticas' },
  { key: 'sleep', language: 'es', slug: 'sueno', title: 'Sueño' },
  { key: 'anxiety', language: 'es', slug: 'ansiedad', title: 'Ansiedad' },
  { key: 'wellbeing', language: 'es', slug: 'bienestar-emocional', title: 'Bienestar emocional' },
  { key: 'guides', language: 'en', slug: 'practical-guides', title: 'Practical guides' },
  { key: 'sleep', language: 'en', slug: 'sleep', title: 'Sleep' },
  { key: 'anxiety', language: 'en', slug: 'anxiety', title: 'Anxiety' },
  { key: 'wellbeing', language: 'en', slug: 'emotional-wellbeing', title: 'Emotional wellbeing' },
];

function categorySlug(list: SeedCategory[], key: string, language: Language): string {
  const found = list.find((c) => c.key === key && c.language === language);
  if (!found) throw new Error(`Unknown category ${key} (${language})`);
  return found.slug;
}

// ---------------------------------------------------------------------------
// Symptoms
// ---------------------------------------------------------------------------

export const symptoms: SeedSymptom[] = [
  {
    key: 'anxiety', language: 'es', slug: 'ansiedad', title: 'Ansiedad',
    seo_title: 'Ansiedad: ejercicios guiados para recuperar la calma',
    seo_description: 'Audios y rutas guiadas para entender la ansiedad y encontrar momentos de calma en tu día a día, a tu ritmo.',
  },
  {
    key: 'insomnia', language: 'es', slug: 'insomnio', title: 'Insomnio',
    seo_title: 'Insomnio: audios para relajarte y descansar mejor',
    seo_description: 'Ejercicios de respiración, relajación y escaneo corporal para preparar el cuerpo y la mente para dormir.',
  },
  {
    key: 'overthinking', language: 'es', slug: 'pensamientos-repetitivos', title: 'Pensamientos repetitivos',
    seo_title: 'Pensamientos repetitivos: cómo dejar de sobrepensar',
    seo_description: 'Rutas guiadas para cuando la mente no para: aprende a observar tus pensamientos sin que te atrapen.',
  },
  {
    key: 'rumination', language: 'es', slug: 'rumiacion', title: 'Rumiación',
    seo_title: 'Rumiación: salir del bucle de darle vueltas a todo',
    seo_description: 'Prácticas sencillas para reconocer la rumiación y volver al presente con amabilidad.',
  },
  {
    key: 'sadness', language: 'es', slug: 'tristeza', title: 'Tristeza',
    seo_title: 'Tristeza: acompañarte con cariño en los días grises',
    seo_description: 'Audios de autocompasión y pequeños pasos para cuidarte cuando te sientes triste.',
  },
  {
    key: 'stress', language: 'es', slug: 'estres', title: 'Estrés',
    seo_title: 'Estrés: pausas guiadas para tu día a día',
    seo_description: 'Ejercicios breves para soltar tensión, respirar y recuperar el control de tu ritmo.',
  },
  {
    key: 'panic', language: 'es', slug: 'panico', title: 'Pánico',
    seo_title: 'Ataques de pánico: recursos para atravesar la ola',
    seo_description: 'Técnicas de anclaje y respiración para los momentos de pánico, explicadas con calma y sin juicios.',
  },
  {
    key: 'low-mood', language: 'es', slug: 'animo-bajo', title: 'Ánimo bajo',
    seo_title: 'Ánimo bajo: pequeños pasos para sentirte un poco mejor',
    seo_description: 'Propuestas suaves para los días en los que todo cuesta: movimiento amable, gratitud y autocuidado.',
  },
  {
    key: 'anxiety', language: 'en', slug: 'anxiety', title: 'Anxiety',
    seo_title: 'Anxiety: guided exercises to find your calm again',
    seo_description: 'Guided audio routes to understand anxiety and find moments of calm in your everyday life, at your own pace.',
  },
  {
    key: 'insomnia', language: 'en', slug: 'insomnia', title: 'Insomnia',
    seo_title: 'Insomnia: relaxing audio to help you rest',
    seo_description: 'Breathing, relaxation and body scan exercises to prepare your body and mind for sleep.',
  },
  {
    key: 'overthinking', language: 'en', slug: 'overthinking', title: 'Overthinking',
    seo_title: 'Overthinking: how to quiet a busy mind',
    seo_description: 'Guided routes for when your mind will not stop: learn to watch your thoughts without getting caught in them.',
  },
  {
    key: 'rumination', language: 'en', slug: 'rumination', title: 'Rumination',
    seo_title: 'Rumination: stepping out of the loop',
    seo_description: 'Simple practices to recognise rumination and gently come back to the present.',
  },
  {
    key: 'sadness', language: 'en', slug: 'sadness', title: 'Sadness',
    seo_title: 'Sadness: caring for yourself on grey days',
    seo_description: 'Self-compassion audio and small steps to look after yourself when you feel sad.',
  },
  {
    key: 'stress', language: 'en', slug: 'stress', title: 'Stress',
    seo_title: 'Stress: guided pauses for your day',
    seo_description: 'Short exercises to release tension, breathe and take back your own rhythm.',
  },
  {
    key: 'panic', language: 'en', slug: 'panic', title: 'Panic',
    seo_title: 'Panic attacks: tools to ride the wave',
    seo_description: 'Grounding and breathing techniques for moments of panic, explained calmly and without judgement.',
  },
  {
    key: 'low-mood', language: 'en', slug: 'low-mood', title: 'Low mood',
    seo_title: 'Low mood: small steps to feel a little better',
    seo_description: 'Gentle ideas for the days when everything feels hard: kind movement, gratitude and self-care.',
  },
];

// ---------------------------------------------------------------------------
// Audio clips (titles and descriptions of the default unit for each clip)
// ---------------------------------------------------------------------------

type ClipId =
  | 'welcome-1' | 'session-1'
  | 'breathing-1' | 'breathing-2' | 'breathing-3' | 'breathing-4'
  | 'grounding-1' | 'grounding-2' | 'grounding-3'
  | 'bodyscan-1' | 'bodyscan-2' | 'bodyscan-3' | 'bodyscan-4'
  | 'sleep-1' | 'sleep-2' | 'sleep-3' | 'sleep-4'
  | 'rumination-1' | 'rumination-2' | 'rumination-3' | 'rumination-4'
  | 'worry-1' | 'worry-2'
  | 'compassion-1' | 'compassion-2' | 'compassion-3' | 'compassion-4'
  | 'emotions-1' | 'emotions-2' | 'emotions-3' | 'emotions-4'
  | 'stress-1' | 'stress-2'
  | 'panic-1' | 'panic-2'
  | 'mood-1' | 'mood-2' | 'mood-3';

interface Text2 {
  title: string;
  description: string;
}

const clips: Record<ClipId, Record<Language, Text2>> = {
  'welcome-1': {
    es: { title: 'Bienvenida', description: 'Un primer momento para llegar, sin prisa y sin expectativas.' },
    en: { title: 'Welcome', description: 'A first moment to arrive, with no hurry and no expectations.' },
  },
  'session-1': {
    es: { title: 'Antes de tu sesión', description: 'Piensa con calma qué te gustaría compartir con tu psicóloga o psicólogo.' },
    en: { title: 'Before your session', description: 'Gently think about what you would like to share with your psychologist.' },
  },
  'breathing-1': {
    es: { title: 'Respiración lenta', description: 'Una respiración tranquila para bajar el ritmo, paso a paso.' },
    en: { title: 'Slow breathing', description: 'A quiet breath to slow things down, one step at a time.' },
  },
  'breathing-2': {
    es: { title: 'Respiración 4-7-8', description: 'Inspira en cuatro, retén en siete y suelta en ocho, a tu manera.' },
    en: { title: '4-7-8 breathing', description: 'Breathe in for four, hold for seven, breathe out for eight, at your own pace.' },
  },
  'breathing-3': {
    es: { title: 'Respiración cuadrada', description: 'Cuatro tiempos iguales para ordenar la respiración y la mente.' },
    en: { title: 'Box breathing', description: 'Four equal counts to steady your breath and your mind.' },
  },
  'breathing-4': {
    es: { title: 'La exhalación larga', description: 'Alarga la salida del aire para que el cuerpo entienda que puede descansar.' },
    en: { title: 'The long exhale', description: 'Lengthen the out-breath so your body knows it can rest.' },
  },
  'grounding-1': {
    es: { title: 'Cinco cosas que ves', description: 'Vuelve al presente a través de la mirada.' },
    en: { title: 'Five things you can see', description: 'Come back to the present through your eyes.' },
  },
  'grounding-2': {
    es: { title: 'Cuatro, tres, dos, uno', description: 'Tacto, oído, olfato y gusto para anclarte en el aquí y ahora.' },
    en: { title: 'Four, three, two, one', description: 'Touch, sound, smell and taste to anchor you in the here and now.' },
  },
  'grounding-3': {
    es: { title: 'Los pies en el suelo', description: 'Siente cómo el suelo te sostiene, pase lo que pase por tu mente.' },
    en: { title: 'Feet on the ground', description: 'Feel the ground holding you, whatever is on your mind.' },
  },
  'bodyscan-1': {
    es: { title: 'Cara y cabeza', description: 'Afloja la frente, los ojos y la mandíbula.' },
    en: { title: 'Face and head', description: 'Soften your forehead, your eyes and your jaw.' },
  },
  'bodyscan-2': {
    es: { title: 'Cuello, hombros y brazos', description: 'Deja que los hombros bajen y que la tensión se vaya por las manos.' },
    en: { title: 'Neck, shoulders and arms', description: 'Let your shoulders drop and the tension flow out through your hands.' },
  },
  'bodyscan-3': {
    es: { title: 'Pecho y abdomen', description: 'Observa la respiración sin cambiar nada.' },
    en: { title: 'Chest and belly', description: 'Notice your breathing without changing anything.' },
  },
  'bodyscan-4': {
    es: { title: 'Piernas y pies', description: 'Siente el cuerpo pesado y sostenido, de la cabeza a los pies.' },
    en: { title: 'Legs and feet', description: 'Feel your body heavy and supported, from head to toe.' },
  },
  'sleep-1': {
    es: { title: 'Soltar el día', description: 'Deja que las tareas y las conversaciones del día se alejen, al menos por esta noche.' },
    en: { title: 'Letting the day go', description: "Let the day's tasks and conversations drift away, at least for tonight." },
  },
  'sleep-2': {
    es: { title: 'Cuerpo pesado', description: 'Una visualización suave para hundirte en la cama.' },
    en: { title: 'A heavy, resting body', description: 'A gentle visualisation to sink into your bed.' },
  },
  'sleep-3': {
    es: { title: 'Cuenta atrás', description: 'Cuenta despacio del diez al uno, sin prisa y sin exigencias.' },
    en: { title: 'Counting down', description: 'Count slowly from ten to one, with no hurry and no pressure.' },
  },
  'sleep-4': {
    es: { title: 'Si te despiertas de madrugada', description: 'Qué hacer cuando abres los ojos en mitad de la noche.' },
    en: { title: 'Awake in the night', description: 'What to do when you open your eyes in the middle of the night.' },
  },
  'rumination-1': {
    es: { title: 'Darte cuenta del bucle', description: 'Reconocer que la mente da vueltas es el primer paso.' },
    en: { title: 'Noticing the loop', description: 'Noticing that your mind is going in circles is the first step.' },
  },
  'rumination-2': {
    es: { title: 'Ponerle nombre', description: 'Etiqueta los pensamientos con amabilidad y vuelve a la respiración.' },
    en: { title: 'Naming it', description: 'Label your thoughts kindly and come back to your breath.' },
  },
  'rumination-3': {
    es: { title: 'Hojas en el río', description: 'Deja que los pensamientos se alejen flotando.' },
    en: { title: 'Leaves on a stream', description: 'Let your thoughts float away.' },
  },
  'rumination-4': {
    es: { title: 'Volver al ahora', description: 'Del pasado y del futuro, de vuelta al presente.' },
    en: { title: 'Back to now', description: 'From the past and the future, back to the present.' },
  },
  'worry-1': {
    es: { title: 'Tu rato para preocuparte', description: 'Dale a las preocupaciones su propio momento del día.' },
    en: { title: 'Your worry time', description: 'Give your worries their own moment of the day.' },
  },
  'worry-2': {
    es: { title: 'Escribir lo que te preocupa', description: 'Pasar las preocupaciones al papel las hace más pequeñas y más claras.' },
    en: { title: 'Writing worries down', description: 'Putting worries on paper makes them smaller and clearer.' },
  },
  'compassion-1': {
    es: { title: 'La mano en el corazón', description: 'Un gesto sencillo de cuidado hacia ti.' },
    en: { title: 'Hand on heart', description: 'A simple gesture of care for yourself.' },
  },
  'compassion-2': {
    es: { title: 'Palabras amables', description: 'Frases suaves para los momentos difíciles.' },
    en: { title: 'Kind words', description: 'Gentle phrases for hard moments.' },
  },
  'compassion-3': {
    es: { title: 'No te pasa solo a ti', description: 'Lo que sientes forma parte de la experiencia humana.' },
    en: { title: 'You are not alone', description: 'What you feel is part of being human.' },
  },
  'compassion-4': {
    es: { title: 'Como le hablarías a alguien querido', description: 'Dedícate las palabras que le darías a una persona a la que quieres.' },
    en: { title: 'Like a good friend', description: 'Offer yourself the words you would give someone you love.' },
  },
  'emotions-1': {
    es: { title: 'Ponle nombre a lo que sientes', description: 'Nombrar una emoción te ayuda a entenderla.' },
    en: { title: 'Name what you feel', description: 'Naming an emotion helps you understand it.' },
  },
  'emotions-2': {
    es: { title: '¿Dónde lo notas?', description: 'Descubre cómo se expresa la emoción en tu cuerpo.' },
    en: { title: 'Where do you feel it?', description: 'Discover how the emotion shows up in your body.' },
  },
  'emotions-3': {
    es: { title: 'Dejar pasar la ola', description: 'Las emociones suben, llegan a su punto más alto y vuelven a bajar.' },
    en: { title: 'Letting the wave pass', description: 'Emotions rise, peak and fall again.' },
  },
  'emotions-4': {
    es: { title: '¿Qué necesitas ahora?', description: 'Escucha el mensaje de la emoción y da un pequeño paso.' },
    en: { title: 'What do you need now?', description: "Listen to the emotion's message and take one small step." },
  },
  'stress-1': {
    es: { title: 'Una pausa de un minuto', description: 'Para, respira, observa y elige tu siguiente paso.' },
    en: { title: 'A one-minute pause', description: 'Stop, breathe, notice and choose your next step.' },
  },
  'stress-2': {
    es: { title: 'Soltar la tensión', description: 'Tensa y suelta los hombros para notar la diferencia.' },
    en: { title: 'Releasing tension', description: 'Tense and release your shoulders to feel the difference.' },
  },
  'panic-1': {
    es: { title: 'Esto pasará', description: 'Un recordatorio tranquilo para los momentos de pánico.' },
    en: { title: 'This will pass', description: 'A calm reminder for moments of panic.' },
  },
  'panic-2': {
    es: { title: 'Surfear la ola', description: 'Deja estar las sensaciones y respira hasta volver a la orilla.' },
    en: { title: 'Riding the wave', description: 'Let the sensations be there and breathe your way back to shore.' },
  },
  'mood-1': {
    es: { title: 'Un paso pequeño', description: 'Cuando todo pesa, empieza por algo diminuto.' },
    en: { title: 'One small step', description: 'When everything feels heavy, start with something tiny.' },
  },
  'mood-2': {
    es: { title: 'Algo bueno de hoy', description: 'Entrena la atención para encontrar pequeños momentos amables.' },
    en: { title: 'Something good today', description: 'Train your attention to find small, kind moments.' },
  },
  'mood-3': {
    es: { title: 'Moverte con suavidad', description: 'Un poco de movimiento amable para aligerar el ánimo.' },
    en: { title: 'Moving gently', description: 'A little kind movement to lighten your mood.' },
  },
};

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

/** A unit of a route definition: a clip, optionally with its own title and description per language. */
type UnitDef = ClipId | { clip: ClipId; es?: Partial<Text2>; en?: Partial<Text2> };

interface RouteText {
  slug: string;
  title: string;
  description: string;
  seo_title: string;
  seo_description: string;
  tag: string;
}

interface RouteDef {
  key: string;
  category: string;
  symptoms: SymptomKey[];
  needs_appointment?: boolean;
  units: UnitDef[];
  es: RouteText;
  en: RouteText;
}

const routeDefs: RouteDef[] = [
  {
    key: 'insomnia-4-exercises',
    category: 'sleep',
    symptoms: ['insomnia', 'stress'],
    units: [
      { clip: 'breathing-4', es: { title: 'Ejercicio 1: la exhalación larga' }, en: { title: 'Exercise 1: the long exhale' } },
      { clip: 'sleep-1', es: { title: 'Ejercicio 2: soltar el día' }, en: { title: 'Exercise 2: letting the day go' } },
      { clip: 'sleep-2', es: { title: 'Ejercicio 3: el cuerpo pesado' }, en: { title: 'Exercise 3: a heavy, resting body' } },
      { clip: 'sleep-3', es: { title: 'Ejercicio 4: cuenta atrás hacia el sueño' }, en: { title: 'Exercise 4: counting down to sleep' } },
    ],
    es: {
      slug: '4-ejercicios-para-el-insomnio',
      title: '4 ejercicios para el insomnio',
      description: 'Cuatro audios breves para hacer ya en la cama, cuando el sueño no llega. No se trata de obligarte a dormir, sino de ayudar a tu cuerpo a descansar. Puedes repetirlos todas las noches que lo necesites.',
      seo_title: '4 ejercicios para el insomnio: audios guiados para dormir',
      seo_description: 'Cuatro ejercicios guiados de respiración y relajación para hacer en la cama cuando te cuesta dormir.',
      tag: 'Sueño',
    },
    en: {
      slug: '4-exercises-for-insomnia',
      title: '4 exercises for insomnia',
      description: 'Four short audio exercises to do in bed when sleep will not come. This is not about forcing yourself to sleep, but about helping your body rest. Come back to them any night you need.',
      seo_title: '4 exercises for insomnia: guided audio for sleep',
      seo_description: 'Four guided breathing and relaxation exercises to do in bed when you struggle to fall asleep.',
      tag: 'Sleep',
    },
  },
  {
    key: 'understand-emotions',
    category: 'emotions',
    symptoms: ['anxiety', 'sadness', 'stress'],
    units: ['welcome-1', 'emotions-1', 'emotions-2', 'emotions-3', 'emotions-4'],
    es: {
      slug: 'descubre-y-comprende-tus-emociones',
      title: 'Descubre y comprende tus emociones',
      description: 'Lo que sientes tiene sentido, aunque a veces resulte confuso o abrumador. En esta ruta aprenderás a poner nombre a tus emociones, a notarlas en el cuerpo y a escuchar lo que necesitan. Un primer paso amable para relacionarte de otra forma con la ansiedad.',
      seo_title: 'Descubre y comprende tus emociones: ruta guiada para la ansiedad',
      seo_description: 'Aprende a reconocer, nombrar y acompañar tus emociones con cinco audios guiados, a tu ritmo.',
      tag: 'Emociones',
    },
    en: {
      slug: 'discover-and-understand-your-emotions',
      title: 'Discover and understand your emotions',
      description: 'What you feel makes sense, even when it seems confusing or overwhelming. In this route you will learn to name your emotions, notice them in your body and listen to what they need. A kind first step towards a different relationship with anxiety.',
      seo_title: 'Discover and understand your emotions: a guided route for anxiety',
      seo_description: 'Learn to recognise, name and accompany your emotions with five guided audio sessions, at your own pace.',
      tag: 'Emotions',
    },
  },
  {
    key: 'breathing-for-anxiety',
    category: 'calm',
    symptoms: ['anxiety', 'stress'],
    units: ['breathing-1', 'breathing-4', 'breathing-3', 'grounding-3'],
    es: {
      slug: 'respiracion-para-calmar-la-ansiedad',
      title: 'Respiración para calmar la ansiedad',
      description: 'Tu respiración siempre va contigo, y puede ser un refugio cuando la ansiedad aprieta. Aquí practicarás tres formas sencillas de respirar más despacio. Empieza por la que te resulte más cómoda.',
      seo_title: 'Ejercicios de respiración para calmar la ansiedad',
      seo_description: 'Respiración lenta, exhalación larga y respiración cuadrada: audios guiados para bajar el ritmo cuando sientes ansiedad.',
      tag: 'Respiración',
    },
    en: {
      slug: 'breathing-to-calm-anxiety',
      title: 'Breathing to calm anxiety',
      description: 'Your breath is always with you, and it can become a safe place when anxiety tightens its grip. Here you will practise three simple ways to breathe more slowly. Start with whichever feels most comfortable.',
      seo_title: 'Breathing exercises to calm anxiety',
      seo_description: 'Slow breathing, the long exhale and box breathing: guided audio to slow down when you feel anxious.',
      tag: 'Breathing',
    },
  },
  {
    key: 'breathing-4-7-8',
    category: 'calm',
    symptoms: ['anxiety', 'insomnia'],
    units: [
      { clip: 'breathing-1', es: { title: 'Prepárate para respirar' }, en: { title: 'Getting ready to breathe' } },
      'breathing-2',
      { clip: 'sleep-2', es: { title: 'El 4-7-8 antes de dormir', description: 'Lleva la calma de la respiración a la cama.' }, en: { title: '4-7-8 at bedtime', description: 'Bring the calm of your breath into bed with you.' } },
    ],
    es: {
      slug: 'respiracion-4-7-8',
      title: 'Respiración 4-7-8',
      description: 'Una técnica de respiración muy sencilla que puedes usar en cualquier momento: inspirar en cuatro, retener en siete y soltar en ocho. Te acompañamos paso a paso para que encuentres tu propio ritmo, sin forzar.',
      seo_title: 'Respiración 4-7-8: guía en audio paso a paso',
      seo_description: 'Aprende la respiración 4-7-8 con audios guiados y úsala para relajarte o antes de dormir.',
      tag: 'Respiración',
    },
    en: {
      slug: '4-7-8-breathing',
      title: 'The 4-7-8 breath',
      description: 'A very simple breathing technique you can use any time: breathe in for four, hold for seven, breathe out for eight. We guide you step by step so you can find your own rhythm, without forcing anything.',
      seo_title: '4-7-8 breathing: step-by-step audio guide',
      seo_description: 'Learn 4-7-8 breathing with guided audio and use it to relax or before going to sleep.',
      tag: 'Breathing',
    },
  },
  {
    key: 'grounding-54321',
    category: 'calm',
    symptoms: ['panic', 'anxiety'],
    units: ['grounding-1', 'grounding-2', 'grounding-3'],
    es: {
      slug: 'anclaje-5-4-3-2-1',
      title: 'Anclaje 5-4-3-2-1',
      description: 'Cuando la mente se acelera, tus sentidos pueden traerte de vuelta al presente. Este ejercicio te invita a fijarte en lo que ves, oyes, tocas, hueles y saboreas. Es discreto y puedes hacerlo en cualquier lugar.',
      seo_title: 'Técnica 5-4-3-2-1 para la ansiedad: ejercicio guiado',
      seo_description: 'La técnica de anclaje 5-4-3-2-1 en audio: usa tus sentidos para volver al presente cuando todo te desborda.',
      tag: 'Anclaje',
    },
    en: {
      slug: 'grounding-5-4-3-2-1',
      title: 'Grounding 5-4-3-2-1',
      description: 'When your mind is racing, your senses can bring you back to the present. This exercise invites you to notice what you can see, hear, touch, smell and taste. It is discreet, and you can do it anywhere.',
      seo_title: 'The 5-4-3-2-1 grounding technique: a guided exercise',
      seo_description: 'The 5-4-3-2-1 grounding technique as guided audio: use your senses to come back to the present when you feel overwhelmed.',
      tag: 'Grounding',
    },
  },
  {
    key: 'body-scan-sleep',
    category: 'sleep',
    symptoms: ['insomnia', 'stress'],
    units: ['bodyscan-1', 'bodyscan-2', 'bodyscan-3', 'bodyscan-4', 'sleep-2'],
    es: {
      slug: 'escaneo-corporal-para-dormir',
      title: 'Escaneo corporal para dormir',
      description: 'Un recorrido lento por tu cuerpo, de la cabeza a los pies, para ir soltando la tensión acumulada durante el día. Hazlo ya en la cama, con la luz apagada, y permítete no hacer nada más.',
      seo_title: 'Escaneo corporal para dormir: relajación guiada',
      seo_description: 'Un body scan guiado en cinco audios para relajar el cuerpo parte por parte y prepararte para dormir.',
      tag: 'Sueño',
    },
    en: {
      slug: 'body-scan-for-sleep',
      title: 'Body scan for sleep',
      description: 'A slow journey through your body, from head to toe, gently releasing the tension gathered during the day. Do it lying down with the lights off, and allow yourself to do nothing else.',
      seo_title: 'Body scan for sleep: guided relaxation',
      seo_description: 'A guided body scan in five audio sessions to relax your body part by part and get ready for sleep.',
      tag: 'Sleep',
    },
  },
  {
    key: 'stop-rumination',
    category: 'thoughts',
    symptoms: ['rumination', 'overthinking'],
    units: ['rumination-1', 'rumination-2', 'rumination-3', 'rumination-4'],
    es: {
      slug: 'sal-del-bucle-frena-la-rumiacion',
      title: 'Sal del bucle: frena la rumiación',
      description: 'Darle vueltas a las cosas es muy humano, pero agota. En esta ruta aprenderás a darte cuenta de cuándo entras en el bucle y a salir de él con suavidad, sin pelearte con tu mente.',
      seo_title: 'Cómo frenar la rumiación: ejercicios guiados',
      seo_description: 'Cuatro audios para reconocer la rumiación, observar tus pensamientos y volver al presente.',
      tag: 'Pensamientos',
    },
    en: {
      slug: 'step-out-of-the-loop-easing-rumination',
      title: 'Step out of the loop: easing rumination',
      description: 'Going over things again and again is very human, but it is exhausting. In this route you will learn to notice when you enter the loop and to step out of it gently, without fighting your mind.',
      seo_title: 'How to ease rumination: guided exercises',
      seo_description: 'Four audio sessions to recognise rumination, observe your thoughts and come back to the present.',
      tag: 'Thoughts',
    },
  },
  {
    key: 'worry-time',
    category: 'thoughts',
    symptoms: ['overthinking', 'anxiety'],
    units: ['worry-1', 'worry-2', 'rumination-4'],
    es: {
      slug: 'el-rato-de-las-preocupaciones',
      title: 'El rato de las preocupaciones',
      description: 'Si las preocupaciones te acompañan todo el día, prueba a darles una cita. Reservar un rato concreto para ellas ayuda a que no ocupen todo lo demás. Te explicamos cómo hacerlo de una manera sencilla y amable.',
      seo_title: 'El rato de las preocupaciones: técnica para la ansiedad',
      seo_description: 'Aprende a reservar un momento del día para tus preocupaciones y a escribirlas para verlas con más claridad.',
      tag: 'Preocupaciones',
    },
    en: {
      slug: 'worry-time',
      title: 'Worry time',
      description: 'If worries follow you all day long, try giving them an appointment. Setting aside a specific time for them helps stop them from taking over everything else. We show you how, in a simple and kind way.',
      seo_title: 'Worry time: a simple technique for anxious thoughts',
      seo_description: 'Learn to set aside a moment of the day for your worries and write them down to see them more clearly.',
      tag: 'Worry',
    },
  },
  {
    key: 'self-compassion-sadness',
    category: 'emotions',
    symptoms: ['sadness', 'low-mood'],
    units: ['compassion-1', 'compassion-2', 'compassion-3', 'compassion-4', 'mood-2'],
    es: {
      slug: 'autocompasion-para-los-dias-tristes',
      title: 'Autocompasión para los días tristes',
      description: 'En los días tristes solemos ser muy duros con nosotros mismos. Esta ruta te propone tratarte con la misma ternura que ofrecerías a alguien a quien quieres. Cinco audios cortos para acompañarte, no para arreglarte.',
      seo_title: 'Autocompasión para la tristeza: audios guiados',
      seo_description: 'Ejercicios de autocompasión para tratarte con cariño cuando te sientes triste o con el ánimo bajo.',
      tag: 'Autocompasión',
    },
    en: {
      slug: 'self-compassion-for-sad-days',
      title: 'Self-compassion for sad days',
      description: 'On sad days we are often very hard on ourselves. This route invites you to treat yourself with the same tenderness you would offer someone you love. Five short audio sessions to keep you company, not to fix you.',
      seo_title: 'Self-compassion for sadness: guided audio',
      seo_description: 'Self-compassion exercises to treat yourself kindly when you feel sad or low.',
      tag: 'Self-compassion',
    },
  },
  {
    key: 'panic-wave',
    category: 'calm',
    symptoms: ['panic', 'anxiety'],
    units: ['panic-1', 'breathing-4', 'panic-2', 'grounding-3'],
    es: {
      slug: 'cuando-llega-el-panico-surfear-la-ola',
      title: 'Cuando llega el pánico: surfear la ola',
      description: 'Un ataque de pánico es muy desagradable, pero no dura para siempre. Aquí encontrarás recursos para acompañarte mientras pasa: respirar, dejar estar las sensaciones y sentir el suelo bajo tus pies. Practícalos también en momentos tranquilos para tenerlos a mano.',
      seo_title: 'Qué hacer en un ataque de pánico: ejercicios guiados',
      seo_description: 'Audios para atravesar un ataque de pánico con calma: respiración, aceptación de las sensaciones y anclaje.',
      tag: 'Pánico',
    },
    en: {
      slug: 'when-panic-comes-riding-the-wave',
      title: 'When panic comes: riding the wave',
      description: 'A panic attack is very unpleasant, but it does not last forever. Here you will find tools to keep yourself company while it passes: breathing, letting the sensations be, and feeling the ground under your feet. Practise them on calm days too, so they are ready when you need them.',
      seo_title: 'What to do during a panic attack: guided exercises',
      seo_description: 'Audio to help you through a panic attack calmly: breathing, allowing sensations and grounding.',
      tag: 'Panic',
    },
  },
  {
    key: 'stress-pauses',
    category: 'calm',
    symptoms: ['stress'],
    units: ['stress-1', 'stress-2', 'breathing-3', 'mood-3'],
    es: {
      slug: 'pausas-para-el-estres-del-dia-a-dia',
      title: 'Pausas para el estrés del día a día',
      description: 'No hace falta una hora libre para cuidarte. Estas pausas de un minuto caben entre reunión y reunión, en el autobús o antes de contestar un mensaje. Pequeños respiros que, sumados, marcan la diferencia.',
      seo_title: 'Pausas para el estrés: ejercicios de un minuto',
      seo_description: 'Micro pausas guiadas para soltar tensión y respirar en mitad de un día con estrés.',
      tag: 'Estrés',
    },
    en: {
      slug: 'small-pauses-for-everyday-stress',
      title: 'Small pauses for everyday stress',
      description: 'You do not need a free hour to look after yourself. These one-minute pauses fit between meetings, on the bus or before answering a message. Small breathers that, added together, make a difference.',
      seo_title: 'Pauses for stress: one-minute exercises',
      seo_description: 'Guided micro-pauses to release tension and breathe in the middle of a stressful day.',
      tag: 'Stress',
    },
  },
  {
    key: 'quiet-mind-night',
    category: 'sleep',
    symptoms: ['insomnia', 'overthinking'],
    units: [
      { clip: 'worry-2', es: { title: 'Vacía la mente en un papel' }, en: { title: 'Empty your mind onto paper' } },
      'rumination-3',
      'sleep-1',
      'sleep-3',
    ],
    es: {
      slug: 'mente-tranquila-antes-de-dormir',
      title: 'Mente tranquila antes de dormir',
      description: 'Justo cuando apagas la luz, la mente decide repasar todo lo pendiente. Esta ruta te ayuda a dejar los pensamientos fuera de la cama: primero en un papel, luego flotando en un río y, por último, contando hacia atrás.',
      seo_title: 'Cómo calmar la mente antes de dormir',
      seo_description: 'Audios guiados para dejar de darle vueltas a las cosas en la cama y preparar la mente para el descanso.',
      tag: 'Sueño',
    },
    en: {
      slug: 'a-quiet-mind-before-bed',
      title: 'A quiet mind before bed',
      description: 'Just as you turn off the light, your mind decides to review everything still to do. This route helps you leave your thoughts outside the bed: first on paper, then floating down a stream, and finally counting down.',
      seo_title: 'How to quiet your mind before sleep',
      seo_description: 'Guided audio to stop going over things in bed and prepare your mind for rest.',
      tag: 'Sleep',
    },
  },
  {
    key: 'night-waking',
    category: 'sleep',
    symptoms: ['insomnia'],
    units: ['sleep-4', 'breathing-4', 'bodyscan-3'],
    es: {
      slug: 'si-te-despiertas-de-madrugada',
      title: 'Si te despiertas de madrugada',
      description: 'Despertarse a las tres de la mañana y no volver a dormir es frustrante. Aquí tienes tres audios muy suaves para esos momentos, pensados para escucharlos a oscuras y con el volumen bajo. Descansar también cuenta, aunque no duermas.',
      seo_title: 'Despertares nocturnos: qué hacer si te despiertas de madrugada',
      seo_description: 'Audios suaves para volver a relajarte cuando te despiertas en mitad de la noche.',
      tag: 'Sueño',
    },
    en: {
      slug: 'if-you-wake-up-in-the-night',
      title: 'If you wake up in the night',
      description: 'Waking at three in the morning and not getting back to sleep is frustrating. Here are three very gentle audio sessions for those moments, meant to be heard in the dark at a low volume. Resting counts too, even if you do not sleep.',
      seo_title: 'Night waking: what to do if you wake up at night',
      seo_description: 'Gentle audio to help you relax again when you wake up in the middle of the night.',
      tag: 'Sleep',
    },
  },
  {
    key: 'small-steps-low-mood',
    category: 'emotions',
    symptoms: ['low-mood', 'sadness'],
    units: ['mood-1', 'mood-3', 'mood-2', 'compassion-3'],
    es: {
      slug: 'pequenos-pasos-para-el-animo-bajo',
      title: 'Pequeños pasos para el ánimo bajo',
      description: 'Cuando el ánimo está por los suelos, los grandes propósitos pesan demasiado. Por eso esta ruta va de cosas pequeñas: un vaso de agua, una ventana abierta, un momento bueno. Cada paso cuenta, por pequeño que sea.',
      seo_title: 'Ánimo bajo: pequeños pasos para sentirte mejor',
      seo_description: 'Ideas guiadas y amables para los días en los que te cuesta todo: movimiento suave, gratitud y autocuidado.',
      tag: 'Ánimo',
    },
    en: {
      slug: 'small-steps-for-low-mood',
      title: 'Small steps for low mood',
      description: 'When your mood is low, big goals weigh too much. That is why this route is about small things: a glass of water, an open window, one good moment. Every step counts, however small it is.',
      seo_title: 'Low mood: small steps to feel better',
      seo_description: 'Kind, guided ideas for days when everything feels hard: gentle movement, gratitude and self-care.',
      tag: 'Mood',
    },
  },
  {
    key: 'thoughts-are-not-facts',
    category: 'thoughts',
    symptoms: ['overthinking', 'anxiety', 'rumination'],
    units: ['rumination-1', 'rumination-2', 'emotions-1', 'rumination-4'],
    es: {
      slug: 'los-pensamientos-no-son-hechos',
      title: 'Los pensamientos no son hechos',
      description: 'La mente produce miles de pensamientos al día, y no todos dicen la verdad. En esta ruta practicarás a mirarlos con un poco de distancia, como quien observa nubes pasar. Así podrás elegir a cuáles prestar atención.',
      seo_title: 'Los pensamientos no son hechos: ejercicios para sobrepensar menos',
      seo_description: 'Aprende a tomar distancia de tus pensamientos con cuatro audios guiados para cuando piensas demasiado.',
      tag: 'Pensamientos',
    },
    en: {
      slug: 'thoughts-are-not-facts',
      title: 'Thoughts are not facts',
      description: 'Your mind produces thousands of thoughts a day, and not all of them tell the truth. In this route you will practise looking at them from a little distance, like watching clouds go by. That way you can choose which ones deserve your attention.',
      seo_title: 'Thoughts are not facts: exercises for overthinking',
      seo_description: 'Learn to step back from your thoughts with four guided audio sessions for when you overthink.',
      tag: 'Thoughts',
    },
  },
  {
    key: 'calm-morning',
    category: 'calm',
    symptoms: ['anxiety', 'stress'],
    units: ['breathing-1', 'stress-1', 'mood-1'],
    es: {
      slug: 'empieza-el-dia-con-calma',
      title: 'Empieza el día con calma',
      description: 'Las mañanas con ansiedad pueden empezar con un nudo en el estómago. Tres minutos de respiración y una intención sencilla pueden cambiar el tono del día. Escúchala antes de mirar el móvil.',
      seo_title: 'Ansiedad por la mañana: rutina guiada para empezar el día',
      seo_description: 'Una breve rutina en audio para despertar con más calma: respiración, pausa y una pequeña intención.',
      tag: 'Calma',
    },
    en: {
      slug: 'start-the-day-calmly',
      title: 'Start the day calmly',
      description: 'Anxious mornings can begin with a knot in your stomach. Three minutes of breathing and one simple intention can change the tone of the day. Listen before you check your phone.',
      seo_title: 'Morning anxiety: a guided routine to start the day',
      seo_description: 'A short audio routine to wake up more calmly: breathing, a pause and one small intention.',
      tag: 'Calm',
    },
  },
  {
    key: 'kinder-inner-voice',
    category: 'emotions',
    symptoms: ['sadness', 'rumination'],
    units: ['compassion-4', 'compassion-2', 'compassion-1', 'emotions-4'],
    es: {
      slug: 'una-voz-interior-mas-amable',
      title: 'Una voz interior más amable',
      description: 'Esa voz que te critica por dentro suele hablar más alto en los momentos difíciles. Aquí aprenderás a responderle con más cariño, como lo harías con una persona querida. No se trata de engañarte, sino de tratarte con justicia.',
      seo_title: 'Cómo suavizar la crítica interna: audios de autocompasión',
      seo_description: 'Ejercicios guiados para hablarte con más amabilidad y cuidar tu diálogo interno.',
      tag: 'Autocompasión',
    },
    en: {
      slug: 'a-kinder-inner-voice',
      title: 'A kinder inner voice',
      description: 'The critical voice inside you tends to speak louder in difficult moments. Here you will learn to answer it more kindly, as you would a loved one. It is not about fooling yourself, but about treating yourself fairly.',
      seo_title: 'How to soften your inner critic: self-compassion audio',
      seo_description: 'Guided exercises to speak to yourself more kindly and care for your inner dialogue.',
      tag: 'Self-compassion',
    },
  },
  {
    key: 'relax-body-calm-mind',
    category: 'calm',
    symptoms: ['stress', 'anxiety'],
    units: ['stress-2', 'bodyscan-1', 'bodyscan-2', 'bodyscan-3', 'bodyscan-4'],
    es: {
      slug: 'relaja-el-cuerpo-calma-la-mente',
      title: 'Relaja el cuerpo, calma la mente',
      description: 'El estrés se queda a vivir en los hombros, en la mandíbula, en el estómago. Cuando el cuerpo se afloja, la mente suele seguirle. Cinco audios para soltar la tensión de arriba abajo.',
      seo_title: 'Relajación guiada para el estrés y la ansiedad',
      seo_description: 'Relaja el cuerpo parte por parte con audios guiados y deja que la mente se calme con él.',
      tag: 'Relajación',
    },
    en: {
      slug: 'relax-the-body-calm-the-mind',
      title: 'Relax the body, calm the mind',
      description: 'Stress likes to settle in your shoulders, your jaw, your stomach. When the body loosens, the mind usually follows. Five audio sessions to release tension from top to bottom.',
      seo_title: 'Guided relaxation for stress and anxiety',
      seo_description: 'Relax your body part by part with guided audio and let your mind calm down with it.',
      tag: 'Relaxation',
    },
  },
  {
    key: 'wind-down-routine',
    category: 'sleep',
    symptoms: ['insomnia', 'stress'],
    units: ['stress-2', 'breathing-2', 'sleep-1', 'bodyscan-4', 'sleep-2', 'sleep-3'],
    es: {
      slug: 'tu-rutina-para-desconectar',
      title: 'Tu rutina para desconectar por la noche',
      description: 'Al cuerpo le gustan las rutinas: cuando repites los mismos pasos cada noche, aprende que se acerca la hora de descansar. Esta ruta reúne seis audios que puedes convertir en tu ritual antes de dormir.',
      seo_title: 'Rutina para dormir mejor: ritual guiado para desconectar',
      seo_description: 'Seis audios para crear tu rutina nocturna: soltar tensión, respirar y preparar el cuerpo para dormir.',
      tag: 'Sueño',
    },
    en: {
      slug: 'your-evening-wind-down-routine',
      title: 'Your evening wind-down routine',
      description: 'Your body loves routines: when you repeat the same steps every night, it learns that rest is near. This route brings together six audio sessions you can turn into your own bedtime ritual.',
      seo_title: 'A bedtime routine for better sleep: a guided wind-down',
      seo_description: 'Six audio sessions to build your evening routine: release tension, breathe and prepare your body for sleep.',
      tag: 'Sleep',
    },
  },
  {
    key: 'first-session-prep',
    category: 'emotions',
    symptoms: ['anxiety', 'sadness'],
    needs_appointment: true,
    units: ['welcome-1', 'session-1', 'emotions-1'],
    es: {
      slug: 'prepara-tu-primera-sesion',
      title: 'Prepara tu primera sesión',
      description: 'Hablar con una psicóloga o un psicólogo por primera vez puede dar algo de respeto, y es normal. Esta ruta te ayuda a llegar con más calma y a pensar qué te gustaría contar. Para completarla necesitarás reservar una cita.',
      seo_title: 'Cómo preparar tu primera sesión con un psicólogo',
      seo_description: 'Audios guiados para llegar con calma a tu primera sesión y saber qué compartir.',
      tag: 'Sesión',
    },
    en: {
      slug: 'prepare-for-your-first-session',
      title: 'Prepare for your first session',
      description: 'Talking to a psychologist for the first time can feel a little daunting, and that is completely normal. This route helps you arrive more calmly and think about what you would like to share. To complete it you will need to book an appointment.',
      seo_title: 'How to prepare for your first session with a psychologist',
      seo_description: 'Guided audio to arrive calmly at your first session and know what to share.',
      tag: 'Session',
    },
  },
  {
    key: 'review-with-psychologist',
    category: 'thoughts',
    symptoms: ['overthinking', 'low-mood'],
    needs_appointment: true,
    units: ['session-1', 'emotions-4', 'mood-2'],
    es: {
      slug: 'revisa-tu-camino-en-sesion',
      title: 'Revisa tu camino en sesión',
      description: 'Has recorrido un buen tramo, y merece la pena mirarlo con perspectiva. En esta ruta repasarás lo que te ha ayudado y lo que aún te cuesta, para compartirlo en una sesión. Vas a necesitar una cita con tu psicóloga o psicólogo.',
      seo_title: 'Revisa tus avances con tu psicólogo',
      seo_description: 'Una ruta guiada para repasar tu progreso y preparar una sesión de seguimiento.',
      tag: 'Sesión',
    },
    en: {
      slug: 'review-your-path-in-session',
      title: 'Review your path in session',
      description: 'You have come a long way, and it is worth looking back with some perspective. In this route you will go over what has helped and what is still hard, so you can share it in a session. You will need an appointment with your psychologist.',
      seo_title: 'Review your progress with your psychologist',
      seo_description: 'A guided route to review your progress and prepare for a follow-up session.',
      tag: 'Session',
    },
  },
];

function buildUnit(def: UnitDef, language: Language): SeedUnit {
  const clip = typeof def === 'string' ? def : def.clip;
  const override = typeof def === 'string' ? undefined : def[language];
  const base = clips[clip][language];
  const audio = `${language}-${clip}.mp3`;
  return {
    title: override?.title ?? base.title,
    description: override?.description ?? base.description,
    audio,
    duration_seconds: durationOf(audio),
  };
}

export const routes: SeedRoute[] = languages.flatMap((language) =>
  routeDefs.map((def, index): SeedRoute => {
    const text = def[language];
    return {
      key: def.key,
      language,
      slug: text.slug,
      title: text.title,
      description: text.description,
      seo_title: text.seo_title,
      seo_description: text.seo_description,
      tag: text.tag,
      category: categorySlug(routeCategories, def.category, language),
      symptoms: [...def.symptoms],
      order: index + 1,
      ...(def.needs_appointment ? { needs_appointment: true } : {}),
      units: def.units.map((unit) => buildUnit(unit, language)),
    };
  }),
);

/** Every audio file referenced by a unit (each exists in seed/media/). */
export const unitAudioFiles: string[] = [...new Set(routes.flatMap((r) => r.units.map((u) => u.audio)))].sort();

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
];

const insomniaPlanRoutes: SeedPlanRoute[] = [
  { route: 'insomnia-4-exercises' },
  { route: 'body-scan-sleep', need_previous_completed: true },
  { route: 'breathing-4-7-8', need_previous_completed: true, waiting_time_hours: 12 },
  { route: 'quiet-mind-night', need_previous_completed: true },
  { route: 'review-with-psychologist', need_previous_completed: true, need_appointment: true, need_finished_appointment: true },
  { route: 'night-waking', need_previous_completed: true },
];

export const plans: SeedPlan[] = [
  {
    key: 'anxiety-plan',
    language: 'es',
    slug: 'plan-para-calmar-la-ansiedad',
    title: 'Tu plan para calmar la ansiedad',
    description: 'Un camino paso a paso para entender lo que sientes y encontrar herramientas que te ayuden en el día a día. Empezarás conociendo tus emociones, practicarás la respiración y el anclaje, y contarás con el acompañamiento de una psicóloga o un psicólogo.',
    visibility: 1,
    routes: anxietyPlanRoutes.map((r) => ({ ...r })),
  },
  {
    key: 'insomnia-plan',
    language: 'es',
    slug: 'plan-para-el-insomnio',
    title: 'Tu plan para volver a dormir bien',
    description: 'Noche a noche, este plan te ayuda a preparar el cuerpo y la mente para descansar. Incluye ejercicios para hacer en la cama, una rutina para desconectar y una sesión para revisar cómo vas.',
    visibility: 1,
    routes: insomniaPlanRoutes.map((r) => ({ ...r })),
  },
  {
    key: 'anxiety-plan',
    language: 'en',
    slug: 'a-plan-to-ease-anxiety',
    title: 'Your plan to ease anxiety',
    description: 'A step-by-step path to understand what you feel and find tools that help you day to day. You will start by getting to know your emotions, practise breathing and grounding, and have the support of a psychologist along the way.',
    visibility: 1,
    routes: anxietyPlanRoutes.map((r) => ({ ...r })),
  },
  {
    key: 'insomnia-plan',
    language: 'en',
    slug: 'a-plan-for-restful-nights',
    title: 'Your plan for restful nights',
    description: 'Night by night, this plan helps you prepare your body and mind for rest. It includes exercises to do in bed, a wind-down routine and a session to review how you are doing.',
    visibility: 1,
    routes: insomniaPlanRoutes.map((r) => ({ ...r })),
  },
];

// ---------------------------------------------------------------------------
// Psychologists
// ---------------------------------------------------------------------------

export const psychologists: SeedPsychologist[] = [
  {
    name: 'Lucía Ortega Ramos',
    email: 'psico1@demo.calma.app',
    phone: '+34612345678',
    language: 'es',
    country_code: 'ES',
    nationality: 'Spain',
    located_at: 'Spain',
    degree: 'Master in General Health Psychology',
    speaks_in: ['es', 'en'],
    specialist_in_symptoms: ['anxiety', 'insomnia', 'stress'],
    specialized_in_the_category: 'sleep',
    timezone: 'Europe/Madrid',
    bio: {
      es: 'Psicóloga sanitaria. Acompaño a personas con ansiedad y problemas de sueño desde un enfoque cercano, práctico y sin prisas.',
      en: 'Health psychologist. I support people with anxiety and sleep difficulties with a warm, practical and unhurried approach.',
    },
    availability: [
      { weekday: 1, start: '09:00', end: '13:00', slot_minutes: 50 },
      { weekday: 1, start: '16:00', end: '20:00', slot_minutes: 50 },
      { weekday: 2, start: '09:00', end: '13:00', slot_minutes: 50 },
      { weekday: 3, start: '15:00', end: '21:00', slot_minutes: 50 },
      { weekday: 4, start: '09:00', end: '13:00', slot_minutes: 50 },
      { weekday: 4, start: '17:00', end: '21:00', slot_minutes: 50 },
      { weekday: 5, start: '09:00', end: '14:00', slot_minutes: 50 },
    ],
  },
  {
    name: 'Andrés Felipe Morales',
    email: 'psico2@demo.calma.app',
    phone: '+573001234567',
    language: 'es',
    country_code: 'CO',
    nationality: 'Colombia',
    located_at: 'Colombia',
    degree: 'Master in Clinical Psychology',
    speaks_in: ['es'],
    specialist_in_symptoms: ['sadness', 'low-mood', 'rumination'],
    specialized_in_the_category: 'emotions',
    timezone: 'America/Bogota',
    bio: {
      es: 'Psicólogo clínico. Me gusta acompañar los momentos de tristeza y desánimo con paciencia, escucha y pequeños pasos posibles.',
      en: 'Clinical psychologist. I like to accompany times of sadness and low mood with patience, listening and small, doable steps.',
    },
    availability: [
      { weekday: 1, start: '08:00', end: '12:00', slot_minutes: 50 },
      { weekday: 2, start: '14:00', end: '19:00', slot_minutes: 50 },
      { weekday: 3, start: '08:00', end: '12:00', slot_minutes: 50 },
      { weekday: 3, start: '18:00', end: '21:00', slot_minutes: 50 },
      { weekday: 4, start: '14:00', end: '19:00', slot_minutes: 50 },
      { weekday: 6, start: '09:00', end: '13:00', slot_minutes: 50 },
    ],
  },
  {
    name: 'Mariana Castillo Vega',
    email: 'psico3@demo.calma.app',
    phone: '+525512345678',
    language: 'es',
    country_code: 'MX',
    nationality: 'Mexico',
    located_at: 'Mexico',
    degree: 'Degree in Psychology',
    speaks_in: ['es', 'en'],
    specialist_in_symptoms: ['panic', 'anxiety', 'overthinking'],
    specialized_in_the_category: 'calm',
    timezone: 'America/Mexico_City',
    bio: {
      es: 'Psicóloga. Trabajo con ansiedad, pánico y pensamientos repetitivos, con herramientas concretas para el día a día.',
      en: 'Psychologist. I work with anxiety, panic and overthinking, using concrete tools for everyday life.',
    },
    availability: [
      { weekday: 1, start: '18:00', end: '21:00', slot_minutes: 50 },
      { weekday: 2, start: '10:00', end: '13:00', slot_minutes: 50 },
      { weekday: 2, start: '18:00', end: '21:00', slot_minutes: 50 },
      { weekday: 3, start: '12:00', end: '17:00', slot_minutes: 50 },
      { weekday: 5, start: '10:00', end: '13:00', slot_minutes: 50 },
      { weekday: 5, start: '16:00', end: '20:00', slot_minutes: 50 },
      { weekday: 6, start: '10:00', end: '14:00', slot_minutes: 50 },
    ],
  },
];

// ---------------------------------------------------------------------------
// Demo users (one per role; the psychologist reuses psychologists[0])
// ---------------------------------------------------------------------------

export const demoUsers: SeedUser[] = [
  {
    email: 'patient@demo.calma.app', password: DEMO_PASSWORD, name: 'Carmen López',
    role: Role.patient, subscriber: false, language: 'es', country_code: 'ES',
    phone: '+34600111222', timezone: 'Europe/Madrid', credits: 0, assigned_plan_keys: ['anxiety-plan'],
  },
  {
    email: 'subscriber@demo.calma.app', password: DEMO_PASSWORD, name: 'Sofía Martín',
    role: Role.patient, subscriber: true, language: 'es', country_code: 'ES',
    phone: '+34611223344', timezone: 'Europe/Madrid', credits: 90, assigned_plan_keys: ['insomnia-plan'],
  },
  {
    email: 'patient.en@demo.calma.app', password: DEMO_PASSWORD, name: 'Emma Wilson',
    role: Role.patient, subscriber: false, language: 'en', country_code: 'US',
    phone: '+12025550143', timezone: 'America/New_York', credits: 0, assigned_plan_keys: ['insomnia-plan'],
  },
  {
    email: 'psico1@demo.calma.app', password: DEMO_PASSWORD, name: 'Lucía Ortega Ramos',
    role: Role.psychologist, subscriber: false, language: 'es', country_code: 'ES',
    phone: '+34612345678', timezone: 'Europe/Madrid',
  },
  {
    email: 'admin@demo.calma.app', password: DEMO_PASSWORD, name: 'Admin Calma',
    role: Role.admin, subscriber: false, language: 'es', country_code: 'ES',
    phone: '+34655443322', timezone: 'Europe/Madrid',
  },
  {
    email: 'publisher@demo.calma.app', password: DEMO_PASSWORD, name: 'Paula Romero',
    role: Role.publisher, subscriber: false, language: 'es', country_code: 'MX',
    phone: '+525511112222', timezone: 'America/Mexico_City',
  },
  {
    email: 'influencer@demo.calma.app', password: DEMO_PASSWORD, name: 'Valentina Ríos',
    role: Role.influencer, subscriber: false, language: 'es', country_code: 'CO',
    phone: '+573101234567', timezone: 'America/Bogota',
  },
  {
    email: 'coach@demo.calma.app', password: DEMO_PASSWORD, name: 'Arjun Mehta',
    role: Role.coach, subscriber: false, language: 'en', country_code: 'IN',
    phone: '+919876543210', timezone: 'Asia/Kolkata',
  },
];

// ---------------------------------------------------------------------------
// Posts
// ---------------------------------------------------------------------------

const postsEs: SeedPost[] = [
  {
    language: 'es',
    slug: 'test-de-ansiedad-preguntas-para-conocerte-mejor',
    title: 'Test de ansiedad: preguntas para conocerte mejor',
    description: 'Un test orientativo y amable para reconocer cómo se manifiesta la ansiedad en tu día a día. No es un diagnóstico: es un punto de partida para cuidarte.',
    tag: 'Ansiedad',
    tags: ['ansiedad', 'test', 'autoconocimiento'],
    category: 'ansiedad',
    author: 'Lucía Ortega Ramos',
    published_at: '2024-02-12T09:00:00.000Z',
    related_route_keys: ['understand-emotions', 'breathing-for-anxiety'],
    content: `<p>La ansiedad no se presenta igual en todas las personas. Hay quien la nota en el estómago, quien la vive como una mente que no se apaga y quien la descubre en forma de cansancio que no se va. Este pequeño test no pretende ponerte una etiqueta. Su único objetivo es ayudarte a observar con curiosidad lo que te pasa, para que puedas elegir qué tipo de cuidado necesitas.</p>
<h2>Antes de empezar</h2>
<p>Busca un momento tranquilo, sin prisas. Lee cada pregunta y responde mentalmente con un «casi nunca», «a veces» o «a menudo», pensando en las últimas dos semanas. No hay respuestas buenas ni malas. Si alguna pregunta te remueve, puedes parar, respirar despacio y seguir después.</p>
<h2>Las preguntas</h2>
<h3>En tu cuerpo</h3>
<p>¿Notas tensión en los hombros, la mandíbula o el estómago sin un motivo claro? ¿Te cuesta respirar hondo, como si el aire no terminara de llegar? ¿Te sientes inquieto o inquieta, con ganas de moverte aunque te notes sin energía? El cuerpo suele ser el primero en avisar cuando algo nos preocupa.</p>
<h3>En tu mente</h3>
<p>¿Le das vueltas a las cosas una y otra vez, imaginando lo peor? ¿Te cuesta concentrarte porque la cabeza salta de una preocupación a otra? ¿Sientes que necesitas tenerlo todo bajo control para sentir calma? Estos patrones son muy comunes y se pueden aprender a manejar.</p>
<h3>En tu día a día</h3>
<p>¿Evitas situaciones o conversaciones por miedo a cómo te sentirás? ¿Duermes peor de lo habitual? ¿Te notas más irritable o con menos paciencia? A veces la ansiedad no se ve, pero va cambiando poco a poco nuestras rutinas.</p>
<h2>Cómo leer tus respuestas</h2>
<p>Si has respondido «a menudo» en varias preguntas, es probable que la ansiedad esté ocupando bastante espacio en tu vida. No significa que algo vaya mal en ti. Significa que tu sistema de alarma está trabajando más de la cuenta y que merece un poco de atención y de descanso.</p>
<p>Si la mayoría de tus respuestas han sido «casi nunca» o «a veces», quizá solo necesites algunas herramientas para los momentos de más tensión. En ambos casos, conocerte mejor ya es un paso valioso.</p>
<h2>Y ahora, ¿qué puedes hacer?</h2>
<h3>Empieza por algo pequeño</h3>
<p>Practicar la respiración lenta durante un par de minutos al día puede ayudarte a notar que tienes cierta capacidad para calmar el cuerpo. La ruta «Descubre y comprende tus emociones» es un buen primer paso para poner nombre a lo que sientes.</p>
<h3>Pide compañía si la necesitas</h3>
<p>Hablar con una psicóloga o un psicólogo puede ayudarte a entender tu ansiedad y a encontrar estrategias hechas a tu medida. Recuerda que este test es solo orientativo y no sustituye a una valoración profesional. Si en algún momento sientes que no puedes más o piensas en hacerte daño, busca ayuda inmediata en los servicios de emergencia de tu país.</p>`,
  },
  {
    language: 'es',
    slug: 'test-del-sueno-como-estas-descansando',
    title: 'Test del sueño: ¿cómo estás descansando de verdad?',
    description: 'Responde a este breve test para entender mejor tus noches y descubrir qué hábitos pueden ayudarte a descansar un poco mejor.',
    tag: 'Sueño',
    tags: ['insomnio', 'sueño', 'test'],
    category: 'sueno',
    author: 'Lucía Ortega Ramos',
    published_at: '2024-04-03T08:30:00.000Z',
    related_route_keys: ['insomnia-4-exercises', 'body-scan-sleep'],
    content: `<p>Dormir mal de vez en cuando le pasa a todo el mundo. Pero cuando las noches difíciles se acumulan, el cansancio empieza a teñirlo todo: el humor, la concentración, las ganas de hacer cosas. Este test te propone mirar tus noches con calma y sin juzgarte, para entender qué está pasando y por dónde empezar.</p>
<h2>Cómo hacer el test</h2>
<p>Piensa en el último mes. Para cada pregunta, responde con sinceridad «sí», «a veces» o «no». Puedes apuntar tus respuestas en un papel: verlas escritas te ayudará después.</p>
<h2>Las preguntas</h2>
<h3>Al acostarte</h3>
<p>¿Tardas más de media hora en dormirte? ¿Sientes que, justo al apagar la luz, tu mente se activa y empieza a repasar el día o lo que tienes pendiente? ¿Te acuestas con la sensación de tener que dormir ya, y esa presión te desvela todavía más?</p>
<h3>Durante la noche</h3>
<p>¿Te despiertas varias veces y te cuesta volver a dormir? ¿Miras la hora con frecuencia y haces cuentas de cuánto te queda? ¿Te despiertas de madrugada, mucho antes de que suene el despertador?</p>
<h3>Al día siguiente</h3>
<p>¿Te levantas con la sensación de no haber descansado? ¿Notas que te cuesta concentrarte o que estás más sensible de lo normal? ¿Necesitas mucho café para funcionar?</p>
<h2>Qué te dicen tus respuestas</h2>
<p>Si has respondido «sí» a varias preguntas, tu descanso necesita algo de cariño. La buena noticia es que el sueño responde bien a los cambios pequeños y constantes. No se trata de hacerlo perfecto, sino de ir enseñando al cuerpo, noche a noche, que la cama es un lugar seguro para descansar.</p>
<p>Fíjate también en el bloque donde más «sí» has marcado. Si te cuesta dormirte, los ejercicios de relajación antes de acostarte pueden ayudarte mucho. Si te despiertas de madrugada, te vendrá bien tener a mano un recurso suave para esos momentos.</p>
<h2>Primeros pasos para esta semana</h2>
<h3>Un horario amable</h3>
<p>Intenta levantarte a una hora parecida todos los días, incluso después de una mala noche. Es una de las formas más sencillas de ayudar a tu reloj interno.</p>
<h3>Un ritual antes de dormir</h3>
<p>Baja la intensidad de las luces, deja el móvil fuera de la habitación y dedica unos minutos a respirar o a escuchar un audio de relajación. La ruta «4 ejercicios para el insomnio» está pensada justo para ese momento.</p>
<p>Recuerda que este test es orientativo. Si el insomnio dura semanas o afecta mucho a tu vida, habla con un profesional de la salud: mereces descansar.</p>`,
  },
  {
    language: 'es',
    slug: 'piensas-demasiado-test-para-reconocer-el-bucle',
    title: '¿Piensas demasiado? Un test sencillo para reconocer el bucle',
    description: 'Algunas preguntas para darte cuenta de cuándo pensar te ayuda y cuándo te atrapa. Incluye ideas prácticas para salir del bucle con suavidad.',
    tag: 'Pensamientos',
    tags: ['sobrepensar', 'rumiación', 'test'],
    category: 'guias-practicas',
    author: 'Mariana Castillo Vega',
    published_at: '2024-06-18T10:00:00.000Z',
    related_route_keys: ['stop-rumination', 'worry-time'],
    content: `<p>Pensar es una herramienta maravillosa. Nos permite planificar, resolver problemas y aprender de lo que vivimos. Pero a veces la mente se queda atascada dando vueltas en círculo, y lo que debería ayudarnos termina agotándonos. Este pequeño test te ayuda a distinguir entre pensar y sobrepensar.</p>
<h2>Pensar o sobrepensar: la diferencia</h2>
<p>Cuando pensamos de forma útil, avanzamos: llegamos a una decisión, a un plan o, al menos, a una idea más clara. Cuando sobrepensamos, en cambio, repetimos las mismas preguntas sin llegar a ningún sitio, y solemos terminar más preocupados que al principio.</p>
<h2>El test</h2>
<h3>Cinco preguntas para ti</h3>
<p>Responde con un «sí» o un «no» pensando en las últimas semanas:</p>
<ul>
<li>¿Repasas conversaciones una y otra vez, buscando lo que dijiste mal?</li>
<li>¿Te cuesta tomar decisiones pequeñas porque imaginas todas las consecuencias posibles?</li>
<li>¿Das vueltas a las cosas sobre todo por la noche, en la cama?</li>
<li>¿Sientes que, si dejas de pensar en un problema, algo malo puede pasar?</li>
<li>¿Terminas cansado o cansada después de «pensar» sin haber resuelto nada?</li>
</ul>
<h3>Cómo interpretarlo</h3>
<p>Si has contestado «sí» a tres o más preguntas, es probable que tu mente pase bastante tiempo en el bucle. No es un defecto de carácter: muchas veces es la forma que encuentra la mente de intentar protegernos. Simplemente, esa estrategia ya no te está ayudando tanto como antes.</p>
<h2>Ideas para salir del bucle</h2>
<h3>Date cuenta y ponle nombre</h3>
<p>El primer paso es notar que estás dando vueltas. Puedes decirte, con amabilidad: «estoy sobrepensando otra vez». Nombrarlo crea un poco de distancia entre tú y el pensamiento.</p>
<h3>Pregúntate si hay un paso posible</h3>
<p>Si puedes hacer algo, apunta el primer paso, por pequeño que sea. Si no depende de ti, prueba a dejar el pensamiento para más tarde, en un rato reservado para las preocupaciones.</p>
<h3>Vuelve al cuerpo</h3>
<p>Unas cuantas respiraciones lentas o sentir los pies en el suelo te ayudan a salir de la cabeza y volver al presente. La ruta «Sal del bucle: frena la rumiación» te acompaña paso a paso.</p>
<p>Este test no es un diagnóstico. Si sientes que los pensamientos repetitivos te quitan mucha energía o te impiden hacer tu vida, hablarlo con una psicóloga o un psicólogo puede ayudarte mucho.</p>`,
  },
  {
    language: 'es',
    slug: 'tu-plan-para-dormir-mejor-en-7-noches',
    title: 'Tu plan para dormir mejor en 7 noches',
    description: 'Un plan sencillo, noche a noche, para ayudar a tu cuerpo a reencontrarse con el descanso. Sin reglas imposibles, solo pequeños cambios.',
    tag: 'Sueño',
    tags: ['insomnio', 'plan', 'hábitos'],
    category: 'sueno',
    author: 'Lucía Ortega Ramos',
    published_at: '2024-09-09T19:00:00.000Z',
    related_route_keys: ['insomnia-4-exercises', 'wind-down-routine', 'quiet-mind-night'],
    content: `<p>Cuando llevas tiempo durmiendo mal, es fácil sentir que has perdido la capacidad de descansar. No es así: el sueño sigue ahí, esperando a que le abras un poco la puerta. Este plan de siete noches no busca milagros, sino darte una estructura amable para empezar a cambiar la relación con tus noches.</p>
<h2>Cómo usar este plan</h2>
<p>Cada noche añade un pequeño paso a lo que ya hiciste la anterior. Si un día no te sale, no pasa nada: retómalo al día siguiente. La constancia importa mucho más que la perfección.</p>
<h2>Las siete noches</h2>
<h3>Noche 1: observa</h3>
<p>No cambies nada todavía. Solo fíjate en a qué hora te acuestas, cuánto tardas en dormirte y cómo te sientes al despertar. Apúntalo por la mañana en una libreta.</p>
<h3>Noche 2: una hora fija para levantarte</h3>
<p>Elige una hora para levantarte y mantenla, aunque hayas dormido poco. Tu reloj interno agradece la regularidad más que cualquier otra cosa.</p>
<h3>Noche 3: luces más suaves</h3>
<p>Una hora antes de acostarte, baja la intensidad de las luces y aparca las pantallas. Deja que tu cuerpo note que el día se está terminando.</p>
<h3>Noche 4: vacía la mente</h3>
<p>Antes de ir a la cama, escribe en un papel lo que te preocupa o lo que tienes pendiente para mañana. Así no tendrás que sujetarlo en la cabeza mientras intentas dormir.</p>
<h3>Noche 5: respira en la cama</h3>
<p>Ya en la cama, prueba la respiración 4-7-8 o una exhalación larga durante unos minutos. No lo hagas para dormirte, sino para descansar. El sueño suele llegar cuando dejamos de perseguirlo.</p>
<h3>Noche 6: un escaneo corporal</h3>
<p>Recorre tu cuerpo con la atención, de la cabeza a los pies, soltando la tensión en cada zona. El audio «Escaneo corporal para dormir» te puede guiar.</p>
<h3>Noche 7: tu propio ritual</h3>
<p>Junta lo que mejor te haya funcionado y conviértelo en tu ritual. Repetirlo cada noche le enseña al cuerpo que se acerca la hora de descansar.</p>
<h2>Si te despiertas por la noche</h2>
<p>Evita mirar la hora y recuerda que descansar en silencio también repara. Si pasan muchos minutos y notas inquietud, levántate un rato a otra habitación con luz tenue y vuelve a la cama cuando notes sueño.</p>
<h2>Un recordatorio importante</h2>
<p>Este plan es una guía general de hábitos, no un tratamiento. Si el insomnio se alarga o te preocupa, consulta con un profesional. Mientras tanto, trátate con paciencia: cada noche es una nueva oportunidad.</p>`,
  },
  {
    language: 'es',
    slug: 'como-preparar-un-plan-de-calma-para-los-dias-dificiles',
    title: 'Cómo preparar un plan de calma para los días difíciles',
    description: 'Tener un plan de calma escrito te ayuda a saber qué hacer cuando la ansiedad aprieta y cuesta pensar con claridad. Te explicamos cómo crear el tuyo.',
    tag: 'Ansiedad',
    tags: ['ansiedad', 'plan', 'autocuidado'],
    category: 'ansiedad',
    author: 'Mariana Castillo Vega',
    published_at: '2024-11-20T11:00:00.000Z',
    related_route_keys: ['grounding-54321', 'panic-wave', 'breathing-for-anxiety'],
    content: `<p>En los momentos de mucha ansiedad, la mente se nubla. Cuesta recordar qué nos ayuda, y todo parece urgente. Por eso es tan útil preparar un plan de calma en un día tranquilo: una pequeña guía escrita por ti, para ti, que puedas consultar cuando lo necesites.</p>
<h2>¿Qué es un plan de calma?</h2>
<p>Es una lista sencilla de señales, recursos y personas que te ayudan a atravesar los momentos difíciles. No tiene que ser bonita ni completa. Lo importante es que sea tuya y que la tengas a mano, por ejemplo en el móvil o en un papel en la cartera.</p>
<h2>Los cinco apartados de tu plan</h2>
<h3>1. Mis señales de alerta</h3>
<p>Anota cómo notas que la ansiedad empieza a subir. Quizá el corazón se acelera, te cuesta respirar, te vuelves irritable o empiezas a evitar cosas. Reconocer las señales pronto te permite actuar antes.</p>
<h3>2. Lo que me calma el cuerpo</h3>
<p>Escribe dos o tres recursos físicos que te funcionen: una respiración lenta, lavarte la cara con agua fresca, caminar unos minutos, sentir los pies en el suelo. La técnica 5-4-3-2-1 es una opción muy práctica.</p>
<h3>3. Lo que me ayuda a pensar con más claridad</h3>
<p>Frases que te sirvan de ancla: «esto es incómodo, pero pasará», «ya lo he atravesado otras veces», «ahora solo tengo que dar el siguiente paso». Léelas despacio cuando las necesites.</p>
<h3>4. Personas a las que puedo acudir</h3>
<p>Apunta el nombre y el teléfono de dos o tres personas de confianza. No hace falta contarles todo: a veces basta con una conversación tranquila o un paseo juntos.</p>
<h3>5. Ayuda profesional</h3>
<p>Incluye el contacto de tu psicóloga o psicólogo, si lo tienes, y el número de emergencias de tu país. Si en algún momento sientes que estás en peligro, llama sin esperar.</p>
<h2>Cómo practicar tu plan</h2>
<p>Un plan funciona mejor cuando lo has ensayado. Practica tus recursos en momentos de calma, aunque sea un par de minutos al día. Así, cuando llegue un día difícil, tu cuerpo ya los reconocerá.</p>
<h2>Revísalo de vez en cuando</h2>
<p>Con el tiempo descubrirás cosas nuevas que te ayudan y otras que ya no tanto. Actualiza tu plan sin miedo: es una herramienta viva, que crece contigo.</p>`,
  },
  {
    language: 'es',
    slug: 'plan-sencillo-para-cuidar-tu-animo',
    title: 'Un plan sencillo para cuidar tu ánimo cuando estás triste',
    description: 'Cuando la tristeza pesa, los grandes cambios parecen imposibles. Este plan propone pasos pequeños y amables para acompañarte día a día.',
    tag: 'Bienestar',
    tags: ['tristeza', 'ánimo', 'plan'],
    category: 'bienestar-emocional',
    author: 'Andrés Felipe Morales',
    published_at: '2025-01-15T09:30:00.000Z',
    related_route_keys: ['self-compassion-sadness', 'small-steps-low-mood'],
    content: `<p>La tristeza forma parte de la vida. A veces llega por una pérdida o un cambio, y otras veces aparece sin que sepamos muy bien por qué. Sea como sea, merece ser acompañada con cariño. Este plan no pretende que dejes de estar triste de un día para otro, sino ayudarte a cuidarte mientras atraviesas este momento.</p>
<h2>La idea principal: pasos pequeños</h2>
<p>Cuando el ánimo está bajo, la energía escasea. Por eso, en lugar de grandes propósitos, te proponemos acciones diminutas que se puedan hacer incluso en un mal día. Cada una cuenta.</p>
<h2>Tu plan, en cuatro áreas</h2>
<h3>Cuidar el cuerpo</h3>
<p>Bebe agua, come algo caliente, abre la ventana para que entre la luz. Si puedes, sal a caminar diez minutos. El movimiento suave no lo arregla todo, pero a menudo aligera un poco la carga.</p>
<h3>Mantener algo de rutina</h3>
<p>Intenta levantarte y acostarte a horas parecidas y vestirte aunque no vayas a salir. Las rutinas dan una estructura que sostiene cuando por dentro todo se tambalea.</p>
<h3>Conectar con otras personas</h3>
<p>No hace falta una gran conversación. Un mensaje a alguien querido, una llamada corta o simplemente estar en la misma habitación que otra persona puede ayudarte a sentirte menos solo o sola.</p>
<h3>Tratarte con amabilidad</h3>
<p>Observa cómo te hablas por dentro. Si te descubres criticándote, prueba a preguntarte: «¿qué le diría a un amigo que se sintiera así?». La ruta «Autocompasión para los días tristes» te ayuda a practicarlo.</p>
<h2>Un ejemplo de día</h2>
<p>Por la mañana, abres la ventana y respiras tres veces despacio. A mediodía, das un paseo corto. Por la tarde, escribes a alguien. Por la noche, anotas un pequeño momento bueno del día, aunque sea muy sencillo. Nada más. Eso ya es mucho.</p>
<h2>Cuándo pedir ayuda</h2>
<p>Si la tristeza dura semanas, si te cuesta cada vez más hacer tu vida o si aparecen pensamientos de hacerte daño, no lo atravieses en soledad. Habla con un profesional de la salud mental o, si es urgente, con los servicios de emergencia de tu país. Pedir ayuda es una forma valiente de cuidarte.</p>`,
  },
  {
    language: 'es',
    slug: 'que-hacer-cuando-llega-un-ataque-de-panico',
    title: 'Qué hacer cuando llega un ataque de pánico',
    description: 'Un ataque de pánico asusta mucho, pero pasa. Te contamos qué está ocurriendo en tu cuerpo y qué recursos pueden ayudarte a atravesarlo.',
    tag: 'Pánico',
    tags: ['pánico', 'ansiedad', 'respiración'],
    category: 'ansiedad',
    author: 'Mariana Castillo Vega',
    published_at: '2025-03-04T10:15:00.000Z',
    related_route_keys: ['panic-wave', 'grounding-54321'],
    content: `<p>El corazón se acelera, falta el aire, aparece un mareo o una sensación de irrealidad, y con todo ello un miedo muy intenso. Quien ha vivido un ataque de pánico sabe lo desagradable que es. Si te ha pasado, queremos empezar por decirte algo importante: no estás exagerando y no estás solo ni sola. Es una experiencia muy común.</p>
<h2>¿Qué está pasando en tu cuerpo?</h2>
<p>Durante un ataque de pánico, el sistema de alarma del cuerpo se activa con mucha fuerza, como si hubiera un peligro inmediato. Esa reacción prepara al cuerpo para huir o defenderse, y por eso aparecen las palpitaciones, la respiración rápida o la tensión. Son sensaciones muy incómodas, pero la alarma, tarde o temprano, se apaga.</p>
<h2>Durante el ataque</h2>
<h3>Recuérdate que pasará</h3>
<p>Puedes repetirte: «esto es pánico, es muy incómodo, pero va a pasar». Ponerle nombre a lo que ocurre reduce el miedo al propio miedo.</p>
<h3>Alarga la exhalación</h3>
<p>No intentes llenar mucho los pulmones. Centra la atención en soltar el aire despacio, como si soplaras una vela sin llegar a apagarla. Una exhalación larga ayuda al cuerpo a bajar revoluciones.</p>
<h3>Ánclate a tus sentidos</h3>
<p>Siente los pies en el suelo y nombra cinco cosas que veas a tu alrededor, cuatro que puedas tocar y tres sonidos. Esta técnica de anclaje te devuelve al presente.</p>
<h3>Deja estar las sensaciones</h3>
<p>Luchar contra las sensaciones suele intensificarlas. Prueba a observarlas como una ola que sube, llega a su punto más alto y vuelve a bajar.</p>
<h2>Después del ataque</h2>
<p>Es normal sentir cansancio o sensibilidad. Descansa, bebe agua y trátate con suavidad. Si te apetece, cuéntale a alguien de confianza lo que ha pasado.</p>
<h2>Practicar en calma</h2>
<p>Los recursos funcionan mejor si los has practicado antes. Dedica unos minutos al día a la respiración y al anclaje, por ejemplo con la ruta «Cuando llega el pánico: surfear la ola».</p>
<p>Si los ataques se repiten o te generan mucho miedo, habla con un profesional sanitario. Y si alguna vez no sabes si lo que sientes es pánico u otra cosa, busca atención médica: cuidarte siempre es la opción correcta.</p>`,
  },
  {
    language: 'es',
    slug: 'la-respiracion-4-7-8-paso-a-paso',
    title: 'La respiración 4-7-8, paso a paso',
    description: 'Una técnica sencilla que puedes practicar en cualquier lugar para relajarte o antes de dormir. Te explicamos cómo hacerla y cómo adaptarla a ti.',
    tag: 'Respiración',
    tags: ['respiración', 'relajación', 'sueño'],
    category: 'guias-practicas',
    author: 'Equipo Calma',
    published_at: '2025-05-22T07:45:00.000Z',
    related_route_keys: ['breathing-4-7-8', 'insomnia-4-exercises'],
    content: `<p>La respiración es una de las pocas funciones del cuerpo que ocurre sola pero que también podemos dirigir. Por eso es una puerta muy accesible hacia la calma. La respiración 4-7-8 es una de las técnicas más conocidas y, con un poco de práctica, puede convertirse en una aliada para los momentos de tensión o para la hora de dormir.</p>
<h2>En qué consiste</h2>
<p>Se trata de inspirar durante cuatro tiempos, retener el aire durante siete y soltarlo durante ocho. La clave está en que la exhalación es más larga que la inspiración, algo que muchas personas encuentran relajante.</p>
<h2>Paso a paso</h2>
<h3>1. Prepárate</h3>
<p>Siéntate con la espalda cómoda o túmbate boca arriba. Deja caer los hombros y apoya las manos donde te resulte natural. Si quieres, cierra los ojos.</p>
<h3>2. Inspira en cuatro</h3>
<p>Cierra la boca e inspira en silencio por la nariz mientras cuentas mentalmente hasta cuatro.</p>
<h3>3. Retén en siete</h3>
<p>Mantén el aire con suavidad, sin apretar, mientras cuentas hasta siete.</p>
<h3>4. Suelta en ocho</h3>
<p>Deja salir el aire por la boca, despacio, contando hasta ocho. Puedes imaginar que soplas sobre una bebida caliente.</p>
<h3>5. Repite</h3>
<p>Haz cuatro ciclos al principio. Con el tiempo, si te sienta bien, puedes hacer algunos más.</p>
<h2>Adáptala a ti</h2>
<p>Si los tiempos se te hacen largos o notas cierta incomodidad, acórtalos manteniendo la proporción: por ejemplo, dos, tres y cuatro. Lo importante no son los números exactos, sino que la salida del aire sea lenta y cómoda. Si en algún momento te mareas, vuelve a respirar con normalidad.</p>
<h2>Cuándo usarla</h2>
<h3>Antes de dormir</h3>
<p>Practícala ya en la cama, con la luz apagada. No la uses para obligarte a dormir, sino para ayudar al cuerpo a descansar.</p>
<h3>En momentos de tensión</h3>
<p>Antes de una reunión, después de una discusión o cuando notes que la ansiedad sube, unos pocos ciclos pueden darte un pequeño respiro.</p>
<p>Como cualquier habilidad, mejora con la práctica. La ruta «Respiración 4-7-8» te acompaña con audios para que solo tengas que seguir la voz.</p>`,
  },
  {
    language: 'es',
    slug: 'rumiacion-por-que-le-damos-vueltas-a-las-cosas',
    title: 'Rumiación: por qué le damos tantas vueltas a las cosas',
    description: 'La rumiación nos mantiene atrapados en el pasado o en lo que pudo ser. Entender cómo funciona es el primer paso para salir de ella con amabilidad.',
    tag: 'Pensamientos',
    tags: ['rumiación', 'sobrepensar', 'mindfulness'],
    category: 'bienestar-emocional',
    author: 'Andrés Felipe Morales',
    published_at: '2025-08-30T16:00:00.000Z',
    related_route_keys: ['stop-rumination', 'thoughts-are-not-facts'],
    content: `<p>«¿Por qué dije eso?», «¿y si lo hubiera hecho de otra manera?», «¿por qué me siento así?». Todos nos hemos quedado alguna vez atrapados en preguntas como estas. Cuando esos pensamientos se repiten durante horas o días, hablamos de rumiación.</p>
<h2>¿Qué es la rumiación?</h2>
<p>Rumiar es darle vueltas de forma repetitiva a algo que nos preocupa o nos duele, normalmente sobre el pasado o sobre nosotros mismos. A diferencia de la reflexión, que nos ayuda a entender y a avanzar, la rumiación suele dejarnos en el mismo sitio, o un poco peor.</p>
<h2>¿Por qué lo hacemos?</h2>
<h3>La mente intenta protegernos</h3>
<p>En el fondo, la rumiación es un intento de resolver algo. La mente cree que, si piensa lo suficiente, encontrará la respuesta que calme el malestar. El problema es que muchas de esas preguntas no tienen respuesta.</p>
<h3>Se convierte en costumbre</h3>
<p>Cuanto más rumiamos, más fácil le resulta a la mente volver a ese camino. Es como un sendero que se marca a fuerza de pisarlo.</p>
<h2>Cómo empezar a salir</h2>
<h3>Date cuenta sin juzgarte</h3>
<p>El primer paso es notar cuándo estás rumiando. Puedes decirte: «ahí está otra vez el bucle». No hace falta enfadarte contigo; reconocerlo ya es un avance.</p>
<h3>Cambia de canal</h3>
<p>Llevar la atención a algo concreto del presente, como la respiración, los sonidos o una tarea con las manos, ayuda a interrumpir el ciclo. No se trata de reprimir los pensamientos, sino de elegir dónde poner tu atención.</p>
<h3>Pregúntate qué necesitas</h3>
<p>A veces la rumiación esconde una emoción que pide ser atendida: tristeza, miedo, culpa. Preguntarte qué necesitas puede llevarte a una acción útil, como hablar con alguien o descansar.</p>
<h3>Observa los pensamientos como hojas en un río</h3>
<p>Imagina que cada pensamiento es una hoja que flota sobre el agua. Lo ves llegar y lo dejas marchar. Este ejercicio, que encontrarás en la ruta «Sal del bucle», entrena la capacidad de mirar los pensamientos con cierta distancia.</p>
<h2>Ten paciencia contigo</h2>
<p>Salir de la rumiación es un aprendizaje, no un interruptor. Habrá días en que te cueste más. Si sientes que los pensamientos te desbordan a menudo, un profesional puede acompañarte a encontrar tu propio camino.</p>`,
  },
  {
    language: 'es',
    slug: 'autocompasion-aprender-a-hablarte-con-carino',
    title: 'Autocompasión: aprender a hablarte con cariño',
    description: 'Tratarte con la misma amabilidad que ofrecerías a alguien a quien quieres no es debilidad. Te contamos qué es la autocompasión y cómo practicarla.',
    tag: 'Autocompasión',
    tags: ['autocompasión', 'tristeza', 'diálogo interno'],
    category: 'bienestar-emocional',
    author: 'Andrés Felipe Morales',
    published_at: '2025-10-14T08:00:00.000Z',
    related_route_keys: ['self-compassion-sadness', 'kinder-inner-voice'],
    content: `<p>Si una amiga te contara que está pasando por un mal momento, probablemente la escucharías con paciencia y le dirías algo amable. Sin embargo, cuando somos nosotros quienes lo pasamos mal, a menudo nos hablamos con dureza. La autocompasión consiste, sencillamente, en ofrecernos a nosotros mismos ese mismo trato cálido.</p>
<h2>Qué es y qué no es la autocompasión</h2>
<h3>Lo que sí es</h3>
<p>Es reconocer que estás sufriendo, recordar que el sufrimiento forma parte de la vida de todas las personas y responderte con cuidado. Es un gesto de compañía hacia ti en los momentos difíciles.</p>
<h3>Lo que no es</h3>
<p>No es lástima, ni excusa, ni conformismo. Tratarte con cariño no significa dejar de esforzarte. De hecho, muchas personas descubren que les resulta más fácil cambiar cuando no se castigan por cada error.</p>
<h2>Tres gestos para practicar</h2>
<h3>1. Reconoce el momento</h3>
<p>Cuando algo duela, detente y nómbralo: «este es un momento difícil». Parece poca cosa, pero reconocer el malestar en lugar de apartarlo ya es una forma de cuidado.</p>
<h3>2. Recuerda que no te pasa solo a ti</h3>
<p>Lo que sientes lo han sentido muchas otras personas. Puedes decirte: «a otras personas también les pasa». Esta idea alivia la sensación de aislamiento que suele acompañar a la tristeza.</p>
<h3>3. Dedícate unas palabras amables</h3>
<p>Pregúntate qué le dirías a alguien querido en tu situación, y díselo a ti. Puede ser algo como «estoy haciendo lo que puedo» o «me merezco un descanso». Si te ayuda, pon una mano sobre el pecho mientras lo dices.</p>
<h2>Cuando la voz crítica aparece</h2>
<p>La crítica interna no desaparece de un día para otro, y no hace falta pelearse con ella. Puedes escucharla, agradecerle su intento de protegerte y responderle con un tono más justo. Con la práctica, la voz amable va ganando espacio.</p>
<h2>Empieza por poco</h2>
<p>Un par de minutos al día son suficientes para empezar. Las rutas «Autocompasión para los días tristes» y «Una voz interior más amable» te acompañan con audios breves. Y si la tristeza se vuelve muy pesada, recuerda que pedir ayuda profesional también es una forma de autocompasión.</p>`,
  },
  {
    language: 'es',
    slug: 'estres-cotidiano-pequenas-pausas-que-ayudan',
    title: 'Estrés cotidiano: pequeñas pausas que sí ayudan',
    description: 'No necesitas una hora libre para cuidarte. Descubre pausas de un minuto que caben en cualquier día, por lleno que esté.',
    tag: 'Estrés',
    tags: ['estrés', 'pausas', 'respiración'],
    category: 'guias-practicas',
    author: 'Equipo Calma',
    published_at: '2026-01-08T12:00:00.000Z',
    related_route_keys: ['stress-pauses', 'relax-body-calm-mind'],
    content: `<p>Correos que no paran de llegar, tareas que se acumulan, prisas para llegar a todo. El estrés cotidiano no siempre es dramático, pero se va sumando a lo largo del día hasta que, por la noche, nos sentimos agotados sin saber muy bien por qué. La buena noticia es que pequeñas pausas, repartidas a lo largo del día, pueden marcar una diferencia real.</p>
<h2>Por qué funcionan las pausas cortas</h2>
<p>Cuando estamos bajo presión, el cuerpo se mantiene en estado de alerta. Una pausa breve le da la oportunidad de bajar un poco la intensidad antes de seguir. No elimina el estrés, pero evita que se acumule sin freno.</p>
<h2>Cinco pausas de un minuto</h2>
<h3>1. Para, respira, observa</h3>
<p>Detente donde estés. Haz una respiración lenta. Observa qué sientes en el cuerpo y qué pasa por tu mente. Después, elige tu siguiente paso con calma.</p>
<h3>2. Suelta los hombros</h3>
<p>Sube los hombros hacia las orejas, mantenlos un momento y déjalos caer con una exhalación larga. Repite dos o tres veces. Es sorprendente cuánta tensión guardamos ahí.</p>
<h3>3. Mira lejos</h3>
<p>Si pasas muchas horas frente a una pantalla, levanta la vista y mira algo lejano durante unos segundos: una ventana, el cielo, el fondo de la habitación. Tus ojos y tu mente lo agradecerán.</p>
<h3>4. Respiración cuadrada</h3>
<p>Inspira en cuatro tiempos, retén en cuatro, suelta en cuatro y descansa en cuatro. Repite el ciclo tres veces. Es discreta y puedes hacerla incluso en una reunión.</p>
<h3>5. Muévete un poco</h3>
<p>Levántate, estírate, camina hasta la cocina a por un vaso de agua. El movimiento ayuda a liberar la tensión que se acumula al estar mucho tiempo quietos.</p>
<h2>Cómo recordarlo</h2>
<p>Lo difícil no es hacer las pausas, sino acordarse. Puedes asociarlas a momentos concretos: al terminar una reunión, antes de comer, al llegar a casa. También puedes poner un recordatorio suave en el móvil.</p>
<h2>Cuando el estrés es demasiado</h2>
<p>Las pausas ayudan con el estrés del día a día, pero si notas que la tensión no baja nunca, que duermes mal de forma continuada o que te sientes al límite, es buena idea hablarlo con un profesional. Cuidarte no es un lujo, es una necesidad.</p>`,
  },
];

const postsEn: SeedPost[] = [
  {
    language: 'en',
    slug: 'anxiety-self-test-gentle-questions',
    title: 'Anxiety self-test: gentle questions to know yourself better',
    description: 'A kind, informal self-test to notice how anxiety shows up in your daily life. It is not a diagnosis, just a starting point for looking after yourself.',
    tag: 'Anxiety',
    tags: ['anxiety', 'test', 'self-awareness'],
    category: 'anxiety',
    author: 'Lucía Ortega Ramos',
    published_at: '2024-03-05T09:00:00.000Z',
    related_route_keys: ['understand-emotions', 'breathing-for-anxiety'],
    content: `<p>Anxiety does not look the same for everyone. Some people feel it in their stomach, some experience it as a mind that will not switch off, and others only notice it as a tiredness that never quite goes away. This short self-test is not about labelling you. Its only purpose is to help you look at what is happening with curiosity, so you can choose the kind of care you need.</p>
<h2>Before you begin</h2>
<p>Find a quiet moment when you are not in a hurry. Read each question and answer in your head with "rarely", "sometimes" or "often", thinking about the last two weeks. There are no right or wrong answers. If a question stirs something up, you can pause, breathe slowly and come back to it later.</p>
<h2>The questions</h2>
<h3>In your body</h3>
<p>Do you notice tension in your shoulders, jaw or stomach without a clear reason? Is it hard to take a deep breath, as if the air never quite arrives? Do you feel restless, wanting to move even when you are tired? The body is often the first to let us know that something is worrying us.</p>
<h3>In your mind</h3>
<p>Do you go over things again and again, imagining the worst? Is it hard to concentrate because your mind jumps from one worry to the next? Do you feel you need to have everything under control in order to feel at ease? These patterns are very common, and they can be learned to be managed.</p>
<h3>In your everyday life</h3>
<p>Do you avoid situations or conversations because you fear how you will feel? Are you sleeping worse than usual? Are you more irritable or less patient than you would like? Sometimes anxiety is invisible, yet it slowly changes our routines.</p>
<h2>Reading your answers</h2>
<p>If you answered "often" to several questions, anxiety is probably taking up quite a lot of space in your life. That does not mean something is wrong with you. It means your alarm system is working overtime, and it deserves some attention and some rest.</p>
<p>If most of your answers were "rarely" or "sometimes", you may simply need a few tools for the more tense moments. Either way, getting to know yourself better is already a valuable step.</p>
<h2>What you can do next</h2>
<h3>Start small</h3>
<p>Practising slow breathing for a couple of minutes a day can help you discover that you have some ability to calm your body. The route "Discover and understand your emotions" is a good first step towards naming what you feel.</p>
<h3>Ask for company if you need it</h3>
<p>Talking with a psychologist can help you understand your anxiety and find strategies that fit you. Remember that this self-test is only a guide and does not replace a professional assessment. If at any point you feel you cannot cope, or you have thoughts of harming yourself, please contact your local emergency services straight away.</p>`,
  },
  {
    language: 'en',
    slug: 'sleep-test-how-well-are-you-resting',
    title: 'Sleep test: how well are you really resting?',
    description: 'Take this short test to understand your nights a little better and find out which habits could help you rest more easily.',
    tag: 'Sleep',
    tags: ['insomnia', 'sleep', 'test'],
    category: 'sleep',
    author: 'Lucía Ortega Ramos',
    published_at: '2024-05-14T08:30:00.000Z',
    related_route_keys: ['insomnia-4-exercises', 'body-scan-sleep'],
    content: `<p>Everyone sleeps badly now and then. But when difficult nights start to pile up, tiredness colours everything: your mood, your focus, your motivation. This test invites you to look at your nights calmly and without judging yourself, so you can understand what is going on and where to begin.</p>
<h2>How to take the test</h2>
<p>Think about the past month. For each question, answer honestly with "yes", "sometimes" or "no". You might like to jot your answers down on paper; seeing them written will help later.</p>
<h2>The questions</h2>
<h3>When you go to bed</h3>
<p>Does it take you more than half an hour to fall asleep? Do you find that, the moment you switch off the light, your mind wakes up and starts reviewing the day or your to-do list? Do you go to bed feeling that you must fall asleep right now, and does that pressure keep you even more awake?</p>
<h3>During the night</h3>
<p>Do you wake up several times and find it hard to drift off again? Do you check the clock often and calculate how many hours are left? Do you wake in the early hours, long before your alarm?</p>
<h3>The next day</h3>
<p>Do you get up feeling that you have not rested? Is it harder than usual to concentrate, or do you feel more sensitive than normal? Do you need a lot of coffee to get going?</p>
<h2>What your answers tell you</h2>
<p>If you said "yes" to several questions, your rest needs some care. The good news is that sleep responds well to small, steady changes. It is not about doing everything perfectly, but about showing your body, night after night, that bed is a safe place to rest.</p>
<p>Notice, too, which group of questions collected the most "yes" answers. If falling asleep is the hard part, relaxation exercises before bed can help a great deal. If you tend to wake in the early hours, it is useful to have a gentle resource ready for those moments.</p>
<h2>First steps for this week</h2>
<h3>A kind schedule</h3>
<p>Try to get up at roughly the same time every day, even after a bad night. It is one of the simplest ways to support your internal clock.</p>
<h3>A bedtime ritual</h3>
<p>Dim the lights, leave your phone outside the bedroom and spend a few minutes breathing or listening to a relaxation audio. The route "4 exercises for insomnia" was made for exactly that moment.</p>
<p>Remember that this test is only a guide. If sleeplessness lasts for weeks or has a big impact on your life, talk to a health professional. You deserve to rest.</p>`,
  },
  {
    language: 'en',
    slug: 'do-you-overthink-a-simple-test',
    title: 'Do you overthink? A simple test to spot the loop',
    description: 'A few questions to notice when thinking helps you and when it traps you, plus practical ideas to step out of the loop gently.',
    tag: 'Thoughts',
    tags: ['overthinking', 'rumination', 'test'],
    category: 'practical-guides',
    author: 'Mariana Castillo Vega',
    published_at: '2024-07-22T10:00:00.000Z',
    related_route_keys: ['stop-rumination', 'worry-time'],
    content: `<p>Thinking is a wonderful tool. It lets us plan, solve problems and learn from experience. But sometimes the mind gets stuck going round in circles, and what should help us ends up wearing us out. This short test helps you tell the difference between thinking and overthinking.</p>
<h2>Thinking or overthinking: the difference</h2>
<p>When we think in a useful way, we move forward: we reach a decision, a plan or at least a clearer idea. When we overthink, we repeat the same questions without getting anywhere, and we usually end up more worried than when we started.</p>
<h2>The test</h2>
<h3>Five questions for you</h3>
<p>Answer "yes" or "no", thinking about the last few weeks:</p>
<ul>
<li>Do you replay conversations over and over, looking for what you said wrong?</li>
<li>Do small decisions feel hard because you imagine every possible consequence?</li>
<li>Do you go over things mostly at night, in bed?</li>
<li>Do you feel that if you stop thinking about a problem, something bad might happen?</li>
<li>Do you end up tired after "thinking" without having solved anything?</li>
</ul>
<h3>How to read it</h3>
<p>If you answered "yes" to three or more questions, your mind probably spends quite a lot of time in the loop. That is not a flaw in your character. Very often it is the mind's way of trying to protect us. The strategy simply is not helping you as much as it used to.</p>
<h2>Ideas for stepping out of the loop</h2>
<h3>Notice it and name it</h3>
<p>The first step is to notice that you are going round in circles. You can tell yourself, kindly: "I'm overthinking again." Naming it creates a little space between you and the thought.</p>
<h3>Ask whether there is a possible step</h3>
<p>If there is something you can do, write down the first step, however small. If it is out of your hands, try postponing the thought until later, to a time you set aside for worries.</p>
<h3>Come back to your body</h3>
<p>A few slow breaths, or feeling your feet on the floor, can help you get out of your head and back into the present. The route "Step out of the loop: easing rumination" guides you step by step.</p>
<p>This test is not a diagnosis. If repetitive thoughts drain a lot of your energy or get in the way of your life, talking it through with a psychologist can make a real difference.</p>`,
  },
  {
    language: 'en',
    slug: 'a-7-night-plan-for-better-sleep',
    title: 'A 7-night plan for better sleep',
    description: 'A simple night-by-night plan to help your body find its way back to rest. No impossible rules, just small changes.',
    tag: 'Sleep',
    tags: ['insomnia', 'plan', 'habits'],
    category: 'sleep',
    author: 'Lucía Ortega Ramos',
    published_at: '2024-10-01T19:00:00.000Z',
    related_route_keys: ['insomnia-4-exercises', 'wind-down-routine', 'quiet-mind-night'],
    content: `<p>When you have been sleeping badly for a while, it is easy to feel that you have lost the ability to rest. You have not: sleep is still there, waiting for you to open the door a little. This seven-night plan does not promise miracles. It gives you a kind structure to start changing your relationship with your nights.</p>
<h2>How to use this plan</h2>
<p>Each night adds one small step to what you did the night before. If one evening does not work out, that is fine; simply pick it up again the next day. Consistency matters much more than perfection.</p>
<h2>The seven nights</h2>
<h3>Night 1: observe</h3>
<p>Do not change anything yet. Just notice what time you go to bed, how long it takes you to fall asleep and how you feel when you wake up. Write it down in a notebook in the morning.</p>
<h3>Night 2: a fixed time to get up</h3>
<p>Choose a time to get up and keep to it, even if you slept badly. Your internal clock appreciates regularity more than almost anything else.</p>
<h3>Night 3: softer lights</h3>
<p>An hour before bed, dim the lights and put screens away. Let your body notice that the day is coming to an end.</p>
<h3>Night 4: empty your mind</h3>
<p>Before going to bed, write down whatever is worrying you or whatever you need to do tomorrow. That way you will not have to hold it in your head while you try to sleep.</p>
<h3>Night 5: breathe in bed</h3>
<p>Once you are lying down, try the 4-7-8 breath or a long, slow exhale for a few minutes. Do it not to fall asleep, but to rest. Sleep tends to arrive when we stop chasing it.</p>
<h3>Night 6: a body scan</h3>
<p>Move your attention through your body from head to toe, releasing tension in each area. The "Body scan for sleep" audio can guide you.</p>
<h3>Night 7: your own ritual</h3>
<p>Bring together whatever worked best for you and turn it into your ritual. Repeating it every night teaches your body that it is almost time to rest.</p>
<h2>If you wake up in the night</h2>
<p>Try not to look at the clock, and remember that resting quietly is restorative too. If a long time passes and you feel restless, get up for a while, go to another room with soft light, and return to bed when you feel sleepy.</p>
<h2>An important reminder</h2>
<p>This plan is a general guide to habits, not a treatment. If sleeplessness goes on or worries you, please see a professional. In the meantime, be patient with yourself: every night is a new chance.</p>`,
  },
  {
    language: 'en',
    slug: 'how-to-make-a-calm-plan-for-difficult-days',
    title: 'How to make a calm plan for difficult days',
    description: 'Having a written calm plan helps you know what to do when anxiety rises and it is hard to think clearly. Here is how to create your own.',
    tag: 'Anxiety',
    tags: ['anxiety', 'plan', 'self-care'],
    category: 'anxiety',
    author: 'Mariana Castillo Vega',
    published_at: '2024-12-10T11:00:00.000Z',
    related_route_keys: ['grounding-54321', 'panic-wave', 'breathing-for-anxiety'],
    content: `<p>In moments of intense anxiety, the mind clouds over. It is hard to remember what helps, and everything feels urgent. That is why it is so useful to prepare a calm plan on a quiet day: a small written guide, by you and for you, that you can turn to whenever you need it.</p>
<h2>What is a calm plan?</h2>
<p>It is a simple list of signs, resources and people that help you get through difficult moments. It does not need to be pretty or complete. What matters is that it is yours and that you keep it close, for example on your phone or on a card in your wallet.</p>
<h2>The five sections of your plan</h2>
<h3>1. My warning signs</h3>
<p>Write down how you notice anxiety starting to rise. Maybe your heart speeds up, your breathing gets shallow, you become irritable or you start avoiding things. Recognising the signs early lets you act sooner.</p>
<h3>2. What calms my body</h3>
<p>List two or three physical resources that work for you: slow breathing, splashing cool water on your face, walking for a few minutes, feeling your feet on the floor. The 5-4-3-2-1 technique is a very practical option.</p>
<h3>3. What helps me think more clearly</h3>
<p>Phrases that can act as an anchor: "this is uncomfortable, but it will pass", "I have been through this before", "right now I only need to take the next step". Read them slowly when you need them.</p>
<h3>4. People I can turn to</h3>
<p>Write down the names and numbers of two or three people you trust. You do not have to tell them everything: sometimes a calm conversation or a walk together is enough.</p>
<h3>5. Professional support</h3>
<p>Include the contact details of your psychologist, if you have one, and the emergency number for your country. If you ever feel you are in danger, call without waiting.</p>
<h2>How to practise your plan</h2>
<p>A plan works best when you have rehearsed it. Practise your resources on calm days, even for a couple of minutes. That way, when a hard day comes, your body will already recognise them.</p>
<h2>Review it from time to time</h2>
<p>Over time you will discover new things that help and others that help less. Update your plan freely: it is a living tool that grows with you.</p>`,
  },
  {
    language: 'en',
    slug: 'a-simple-plan-to-care-for-yourself-when-you-feel-low',
    title: 'A simple plan to care for yourself when you feel low',
    description: 'When sadness weighs heavily, big changes feel impossible. This plan suggests small, kind steps to keep you company day by day.',
    tag: 'Wellbeing',
    tags: ['sadness', 'low mood', 'plan'],
    category: 'emotional-wellbeing',
    author: 'Andrés Felipe Morales',
    published_at: '2025-02-11T09:30:00.000Z',
    related_route_keys: ['self-compassion-sadness', 'small-steps-low-mood'],
    content: `<p>Sadness is part of life. Sometimes it arrives with a loss or a change, and sometimes it appears without us really knowing why. Either way, it deserves to be met with care. This plan does not aim to make your sadness disappear overnight. It is here to help you look after yourself while you go through this time.</p>
<h2>The main idea: small steps</h2>
<p>When your mood is low, energy is scarce. So instead of big resolutions, we suggest tiny actions that can be done even on a bad day. Every one of them counts.</p>
<h2>Your plan, in four areas</h2>
<h3>Caring for your body</h3>
<p>Drink some water, eat something warm, open the window to let the light in. If you can, go for a ten-minute walk. Gentle movement does not fix everything, but it often lightens the load a little.</p>
<h3>Keeping some routine</h3>
<p>Try to get up and go to bed at similar times, and get dressed even if you are not going out. Routines give you a structure that holds you when everything inside feels shaky.</p>
<h3>Connecting with others</h3>
<p>It does not have to be a deep conversation. A message to someone you love, a short call, or simply being in the same room as another person can help you feel less alone.</p>
<h3>Being kind to yourself</h3>
<p>Notice how you speak to yourself. If you catch yourself being critical, try asking: "what would I say to a friend who felt like this?" The route "Self-compassion for sad days" helps you practise.</p>
<h2>An example day</h2>
<p>In the morning, you open the window and take three slow breaths. At midday, you go for a short walk. In the afternoon, you send someone a message. At night, you write down one small good moment from the day, however simple. Nothing more. That is already a lot.</p>
<h2>When to ask for help</h2>
<p>If sadness lasts for weeks, if everyday life becomes harder and harder, or if thoughts of harming yourself appear, please do not go through it alone. Talk to a mental health professional or, if it is urgent, contact your local emergency services. Asking for help is a brave way of caring for yourself.</p>`,
  },
  {
    language: 'en',
    slug: 'what-to-do-when-a-panic-attack-arrives',
    title: 'What to do when a panic attack arrives',
    description: 'A panic attack is frightening, but it passes. Here is what is happening in your body and which tools can help you get through it.',
    tag: 'Panic',
    tags: ['panic', 'anxiety', 'breathing'],
    category: 'anxiety',
    author: 'Mariana Castillo Vega',
    published_at: '2025-04-08T10:15:00.000Z',
    related_route_keys: ['panic-wave', 'grounding-54321'],
    content: `<p>Your heart races, you feel short of breath, you may feel dizzy or strangely unreal, and with all of it comes intense fear. Anyone who has had a panic attack knows how unpleasant it is. If it has happened to you, we want to start with something important: you are not overreacting, and you are not alone. It is a very common experience.</p>
<h2>What is happening in your body?</h2>
<p>During a panic attack, the body's alarm system switches on very strongly, as if there were immediate danger. That reaction prepares the body to run or defend itself, which is why you feel palpitations, fast breathing or tension. These sensations are very uncomfortable, but sooner or later the alarm switches off.</p>
<h2>During the attack</h2>
<h3>Remind yourself that it will pass</h3>
<p>You can tell yourself: "this is panic; it is very uncomfortable, but it will pass." Naming what is happening reduces the fear of the fear itself.</p>
<h3>Lengthen your out-breath</h3>
<p>Do not try to fill your lungs. Focus instead on letting the air out slowly, as if blowing on a candle without putting it out. A long exhale helps your body slow down.</p>
<h3>Anchor yourself in your senses</h3>
<p>Feel your feet on the ground, and name five things you can see around you, four you can touch and three sounds you can hear. This grounding technique brings you back to the present.</p>
<h3>Let the sensations be</h3>
<p>Fighting the sensations often makes them stronger. Try watching them like a wave that rises, reaches its peak and falls again.</p>
<h2>After the attack</h2>
<p>It is normal to feel tired or tender afterwards. Rest, drink some water and be gentle with yourself. If you like, tell someone you trust what happened.</p>
<h2>Practise on calm days</h2>
<p>These tools work best when you have practised them beforehand. Spend a few minutes a day on breathing and grounding, for example with the route "When panic comes: riding the wave".</p>
<p>If panic attacks keep happening or cause you a lot of fear, talk to a health professional. And if you are ever unsure whether what you feel is panic or something else, seek medical care: looking after yourself is always the right choice.</p>`,
  },
  {
    language: 'en',
    slug: '4-7-8-breathing-step-by-step',
    title: '4-7-8 breathing, step by step',
    description: 'A simple technique you can practise anywhere to relax or to wind down before sleep. Here is how to do it and how to adapt it to you.',
    tag: 'Breathing',
    tags: ['breathing', 'relaxation', 'sleep'],
    category: 'practical-guides',
    author: 'Calma team',
    published_at: '2025-06-25T07:45:00.000Z',
    related_route_keys: ['breathing-4-7-8', 'insomnia-4-exercises'],
    content: `<p>Breathing is one of the few body functions that happens on its own but that we can also guide. That makes it a very accessible doorway to calm. 4-7-8 breathing is one of the best-known techniques and, with a little practice, it can become an ally in tense moments or at bedtime.</p>
<h2>What it involves</h2>
<p>You breathe in for four counts, hold the breath for seven and breathe out for eight. The key is that the out-breath is longer than the in-breath, which many people find relaxing.</p>
<h2>Step by step</h2>
<h3>1. Get ready</h3>
<p>Sit with your back comfortable, or lie on your back. Let your shoulders drop and rest your hands wherever feels natural. Close your eyes if you like.</p>
<h3>2. Breathe in for four</h3>
<p>Close your mouth and breathe in quietly through your nose while counting to four in your head.</p>
<h3>3. Hold for seven</h3>
<p>Hold the breath gently, without straining, while you count to seven.</p>
<h3>4. Breathe out for eight</h3>
<p>Let the air out through your mouth, slowly, counting to eight. You can imagine cooling a warm drink.</p>
<h3>5. Repeat</h3>
<p>Start with four rounds. Over time, if it feels good, you can do a few more.</p>
<h2>Make it yours</h2>
<p>If the counts feel too long or uncomfortable, shorten them while keeping the proportion, for example two, three and four. The exact numbers matter less than a slow, comfortable out-breath. If you ever feel light-headed, return to your normal breathing.</p>
<h2>When to use it</h2>
<h3>Before sleep</h3>
<p>Practise it once you are in bed with the light off. Do not use it to force yourself to sleep, but to help your body rest.</p>
<h3>In tense moments</h3>
<p>Before a meeting, after an argument or whenever you notice anxiety rising, a few rounds can give you a small breathing space.</p>
<p>Like any skill, it gets easier with practice. The route "The 4-7-8 breath" guides you with audio, so all you have to do is follow the voice.</p>`,
  },
  {
    language: 'en',
    slug: 'rumination-why-we-go-over-things',
    title: 'Rumination: why we go over things again and again',
    description: 'Rumination keeps us stuck in the past or in what might have been. Understanding how it works is the first step to stepping out of it kindly.',
    tag: 'Thoughts',
    tags: ['rumination', 'overthinking', 'mindfulness'],
    category: 'emotional-wellbeing',
    author: 'Andrés Felipe Morales',
    published_at: '2025-09-16T16:00:00.000Z',
    related_route_keys: ['stop-rumination', 'thoughts-are-not-facts'],
    content: `<p>"Why did I say that?", "what if I had done it differently?", "why do I feel like this?". We have all been caught in questions like these. When those thoughts repeat for hours or days, we call it rumination.</p>
<h2>What is rumination?</h2>
<p>Ruminating means going over something that worries or hurts us, again and again, usually about the past or about ourselves. Unlike reflection, which helps us understand and move on, rumination tends to leave us in the same place, or a little worse.</p>
<h2>Why do we do it?</h2>
<h3>The mind is trying to protect us</h3>
<p>Deep down, rumination is an attempt to solve something. The mind believes that if it thinks hard enough, it will find the answer that eases the discomfort. The trouble is that many of those questions have no answer.</p>
<h3>It becomes a habit</h3>
<p>The more we ruminate, the easier it is for the mind to return to that path. It is like a trail that becomes deeper the more it is walked.</p>
<h2>How to start stepping out</h2>
<h3>Notice it without judging yourself</h3>
<p>The first step is to notice when you are ruminating. You can tell yourself: "there's the loop again". There is no need to be angry with yourself; recognising it is already progress.</p>
<h3>Change the channel</h3>
<p>Bringing your attention to something concrete in the present, such as your breath, the sounds around you or a task with your hands, helps interrupt the cycle. This is not about suppressing thoughts, but about choosing where to place your attention.</p>
<h3>Ask yourself what you need</h3>
<p>Sometimes rumination hides an emotion asking to be looked after: sadness, fear, guilt. Asking what you need can lead you to a helpful action, such as talking to someone or resting.</p>
<h3>Watch thoughts like leaves on a stream</h3>
<p>Imagine each thought is a leaf floating on the water. You see it arrive and you let it go. This exercise, which you will find in the route "Step out of the loop", trains your ability to look at thoughts from a little distance.</p>
<h2>Be patient with yourself</h2>
<p>Stepping out of rumination is something you learn, not a switch you flip. Some days will be harder than others. If you often feel overwhelmed by your thoughts, a professional can help you find your own way through.</p>`,
  },
  {
    language: 'en',
    slug: 'self-compassion-learning-to-talk-to-yourself-kindly',
    title: 'Self-compassion: learning to talk to yourself kindly',
    description: 'Treating yourself with the same kindness you would offer someone you love is not weakness. Here is what self-compassion is and how to practise it.',
    tag: 'Self-compassion',
    tags: ['self-compassion', 'sadness', 'inner dialogue'],
    category: 'emotional-wellbeing',
    author: 'Andrés Felipe Morales',
    published_at: '2025-11-03T08:00:00.000Z',
    related_route_keys: ['self-compassion-sadness', 'kinder-inner-voice'],
    content: `<p>If a friend told you they were going through a hard time, you would probably listen patiently and say something kind. Yet when we are the ones struggling, we often speak to ourselves harshly. Self-compassion simply means offering ourselves that same warm treatment.</p>
<h2>What self-compassion is, and what it is not</h2>
<h3>What it is</h3>
<p>It is recognising that you are suffering, remembering that suffering is part of every human life, and responding to yourself with care. It is a way of keeping yourself company in difficult moments.</p>
<h3>What it is not</h3>
<p>It is not self-pity, an excuse, or giving up. Treating yourself kindly does not mean you stop making an effort. In fact, many people find it easier to change when they are not punishing themselves for every mistake.</p>
<h2>Three gestures to practise</h2>
<h3>1. Acknowledge the moment</h3>
<p>When something hurts, pause and name it: "this is a hard moment." It may seem small, but acknowledging discomfort instead of pushing it away is already a form of care.</p>
<h3>2. Remember you are not alone</h3>
<p>What you feel, many others have felt too. You can tell yourself: "other people feel this way as well." This idea eases the sense of isolation that so often comes with sadness.</p>
<h3>3. Offer yourself a few kind words</h3>
<p>Ask yourself what you would say to someone you love in your situation, and say it to yourself. It might be "I'm doing what I can" or "I deserve a rest". If it helps, place a hand on your chest as you say it.</p>
<h2>When the inner critic shows up</h2>
<p>Your inner critic will not disappear overnight, and you do not need to fight it. You can listen to it, thank it for trying to protect you and answer it in a fairer tone. With practice, the kind voice slowly gains ground.</p>
<h2>Start small</h2>
<p>A couple of minutes a day is enough to begin. The routes "Self-compassion for sad days" and "A kinder inner voice" keep you company with short audio sessions. And if sadness becomes very heavy, remember that asking for professional help is also an act of self-compassion.</p>`,
  },
  {
    language: 'en',
    slug: 'everyday-stress-small-pauses-that-help',
    title: 'Everyday stress: small pauses that really help',
    description: 'You do not need a free hour to look after yourself. Discover one-minute pauses that fit into any day, however full it is.',
    tag: 'Stress',
    tags: ['stress', 'pauses', 'breathing'],
    category: 'practical-guides',
    author: 'Calma team',
    published_at: '2026-02-02T12:00:00.000Z',
    related_route_keys: ['stress-pauses', 'relax-body-calm-mind'],
    content: `<p>Emails that never stop, tasks piling up, rushing to get everything done. Everyday stress is not always dramatic, but it adds up over the day until, by evening, we feel exhausted without quite knowing why. The good news is that small pauses, spread throughout the day, can make a real difference.</p>
<h2>Why short pauses work</h2>
<p>When we are under pressure, the body stays on alert. A short pause gives it a chance to lower the intensity a little before carrying on. It does not remove stress, but it keeps it from building up unchecked.</p>
<h2>Five one-minute pauses</h2>
<h3>1. Stop, breathe, notice</h3>
<p>Pause wherever you are. Take one slow breath. Notice what you feel in your body and what is going through your mind. Then choose your next step calmly.</p>
<h3>2. Let your shoulders go</h3>
<p>Lift your shoulders towards your ears, hold them for a moment and let them drop with a long out-breath. Repeat two or three times. It is surprising how much tension we keep there.</p>
<h3>3. Look into the distance</h3>
<p>If you spend many hours in front of a screen, look up and gaze at something far away for a few seconds: a window, the sky, the far side of the room. Your eyes and your mind will thank you.</p>
<h3>4. Box breathing</h3>
<p>Breathe in for four counts, hold for four, breathe out for four and rest for four. Repeat the cycle three times. It is discreet enough to do even in a meeting.</p>
<h3>5. Move a little</h3>
<p>Stand up, stretch, walk to the kitchen for a glass of water. Movement helps release the tension that builds up when we sit still for a long time.</p>
<h2>How to remember</h2>
<p>The hard part is not taking the pauses, it is remembering them. You can link them to specific moments: after a meeting, before lunch, when you get home. You can also set a gentle reminder on your phone.</p>
<h2>When stress is too much</h2>
<p>These pauses help with day-to-day stress, but if you notice that the tension never eases, that you sleep badly night after night or that you feel at your limit, it is a good idea to talk to a professional. Looking after yourself is not a luxury; it is a need.</p>`,
  },
];

/** All posts, Spanish first. */
export const posts: SeedPost[] = [...postsEs, ...postsEn];
