import type { SeedSymptom } from './types'

// ---------------------------------------------------------------------------
// Symptoms
// ---------------------------------------------------------------------------

export const symptoms: SeedSymptom[] = [
  {
    key: 'anxiety',
    language: 'es',
    slug: 'ansiedad',
    title: 'Ansiedad',
    seo_title: 'Ansiedad: ejercicios guiados para recuperar la calma',
    seo_description:
      'Audios y rutas guiadas para entender la ansiedad y encontrar momentos de calma en tu día a día, a tu ritmo.',
  },
  {
    key: 'insomnia',
    language: 'es',
    slug: 'insomnio',
    title: 'Insomnio',
    seo_title: 'Insomnio: audios para relajarte y descansar mejor',
    seo_description:
      'Ejercicios de respiración, relajación y escaneo corporal para preparar el cuerpo y la mente para dormir.',
  },
  {
    key: 'overthinking',
    language: 'es',
    slug: 'pensamientos-repetitivos',
    title: 'Pensamientos repetitivos',
    seo_title: 'Pensamientos repetitivos: cómo dejar de sobrepensar',
    seo_description:
      'Rutas guiadas para cuando la mente no para: aprende a observar tus pensamientos sin que te atrapen.',
  },
  {
    key: 'rumination',
    language: 'es',
    slug: 'rumiacion',
    title: 'Rumiación',
    seo_title: 'Rumiación: salir del bucle de darle vueltas a todo',
    seo_description: 'Prácticas sencillas para reconocer la rumiación y volver al presente con amabilidad.',
  },
  {
    key: 'sadness',
    language: 'es',
    slug: 'tristeza',
    title: 'Tristeza',
    seo_title: 'Tristeza: acompañarte con cariño en los días grises',
    seo_description: 'Audios de autocompasión y pequeños pasos para cuidarte cuando te sientes triste.',
  },
  {
    key: 'stress',
    language: 'es',
    slug: 'estres',
    title: 'Estrés',
    seo_title: 'Estrés: pausas guiadas para tu día a día',
    seo_description: 'Ejercicios breves para soltar tensión, respirar y recuperar el control de tu ritmo.',
  },
  {
    key: 'panic',
    language: 'es',
    slug: 'panico',
    title: 'Pánico',
    seo_title: 'Ataques de pánico: recursos para atravesar la ola',
    seo_description:
      'Técnicas de anclaje y respiración para los momentos de pánico, explicadas con calma y sin juicios.',
  },
  {
    key: 'low-mood',
    language: 'es',
    slug: 'animo-bajo',
    title: 'Ánimo bajo',
    seo_title: 'Ánimo bajo: pequeños pasos para sentirte un poco mejor',
    seo_description:
      'Propuestas suaves para los días en los que todo cuesta: movimiento amable, gratitud y autocuidado.',
  },
  {
    key: 'anxiety',
    language: 'en',
    slug: 'anxiety',
    title: 'Anxiety',
    seo_title: 'Anxiety: guided exercises to find your calm again',
    seo_description:
      'Guided audio routes to understand anxiety and find moments of calm in your everyday life, at your own pace.',
  },
  {
    key: 'insomnia',
    language: 'en',
    slug: 'insomnia',
    title: 'Insomnia',
    seo_title: 'Insomnia: relaxing audio to help you rest',
    seo_description: 'Breathing, relaxation and body scan exercises to prepare your body and mind for sleep.',
  },
  {
    key: 'overthinking',
    language: 'en',
    slug: 'overthinking',
    title: 'Overthinking',
    seo_title: 'Overthinking: how to quiet a busy mind',
    seo_description:
      'Guided routes for when your mind will not stop: learn to watch your thoughts without getting caught in them.',
  },
  {
    key: 'rumination',
    language: 'en',
    slug: 'rumination',
    title: 'Rumination',
    seo_title: 'Rumination: stepping out of the loop',
    seo_description: 'Simple practices to recognise rumination and gently come back to the present.',
  },
  {
    key: 'sadness',
    language: 'en',
    slug: 'sadness',
    title: 'Sadness',
    seo_title: 'Sadness: caring for yourself on grey days',
    seo_description: 'Self-compassion audio and small steps to look after yourself when you feel sad.',
  },
  {
    key: 'stress',
    language: 'en',
    slug: 'stress',
    title: 'Stress',
    seo_title: 'Stress: guided pauses for your day',
    seo_description: 'Short exercises to release tension, breathe and take back your own rhythm.',
  },
  {
    key: 'panic',
    language: 'en',
    slug: 'panic',
    title: 'Panic',
    seo_title: 'Panic attacks: tools to ride the wave',
    seo_description: 'Grounding and breathing techniques for moments of panic, explained calmly and without judgement.',
  },
  {
    key: 'low-mood',
    language: 'en',
    slug: 'low-mood',
    title: 'Low mood',
    seo_title: 'Low mood: small steps to feel a little better',
    seo_description: 'Gentle ideas for the days when everything feels hard: kind movement, gratitude and self-care.',
  },
]
