/**
 * Unit audio: the real duration of every clip and the default title and description of the
 * unit that plays it. The files live in `seed/media/<audio>` and are generated, with their
 * spoken scripts in `seed/audio-scripts.json`, by `node scripts/make-seed-audio.mjs`, which
 * also rewrites the `audioDurations` block below with the real durations.
 */

import type { ClipId, Language, Text2 } from './types'

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

export function durationOf(audio: string): number {
  const seconds = audioDurations[audio];
  if (seconds === undefined) {
    throw new Error(`No duration for seed audio ${audio}; run node scripts/make-seed-audio.mjs`);
  }
  return seconds;
}

/**
 * How long a demo unit plays (issue 24 §5; the landings promise audios of 5 to 15 minutes): its
 * spoken clip, then a calm sound bed up to 5–12 minutes, fixed per file so a re-seed changes
 * nothing. scripts/seed.ts makes the file of exactly this length (scripts/lib/calm-audio.ts).
 */
export function unitSeconds(audio: string): number {
  durationOf(audio) // the clip must exist
  let h = 0
  for (const c of audio) h = (h * 31 + c.charCodeAt(0)) >>> 0
  return 300 + (h % 421)
}

// ---------------------------------------------------------------------------
// Audio clips (titles and descriptions of the default unit for each clip)
// ---------------------------------------------------------------------------

export const clips: Record<ClipId, Record<Language, Text2>> = {
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
