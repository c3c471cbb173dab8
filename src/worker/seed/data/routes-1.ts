// Routes 1 to 11 of the catalogue, in display order (a route's `order` is its position in
// routes-1 followed by routes-2; see routes.ts).

import type { RouteDef } from './types'

export const routeDefs1: RouteDef[] = [
  {
    key: 'insomnia-4-exercises',
    category: 'sleep',
    symptoms: ['insomnia', 'stress'],
    units: [
      {
        clip: 'breathing-4',
        es: { title: 'Ejercicio 1: la exhalación larga' },
        en: { title: 'Exercise 1: the long exhale' },
      },
      { clip: 'sleep-1', es: { title: 'Ejercicio 2: soltar el día' }, en: { title: 'Exercise 2: letting the day go' } },
      {
        clip: 'sleep-2',
        es: { title: 'Ejercicio 3: el cuerpo pesado' },
        en: { title: 'Exercise 3: a heavy, resting body' },
      },
      {
        clip: 'sleep-3',
        es: { title: 'Ejercicio 4: cuenta atrás hacia el sueño' },
        en: { title: 'Exercise 4: counting down to sleep' },
      },
      // The kit's fifth audio (SPEC §1: "5 or more audios of 5 to 15 minutes"; issue 42 §6): the
      // landing's third promise, what to do when you wake at night.
      {
        clip: 'sleep-4',
        es: { title: 'Y si te despiertas de madrugada' },
        en: { title: 'And if you wake in the night' },
      },
    ],
    es: {
      slug: '4-ejercicios-para-el-insomnio',
      title: '4 ejercicios para el insomnio',
      description:
        'Cuatro ejercicios para hacer ya en la cama, cuando el sueño no llega, y un quinto audio para cuando te despiertas de madrugada. No se trata de obligarte a dormir, sino de ayudar a tu cuerpo a descansar. Puedes repetirlos todas las noches que lo necesites.',
      seo_title: '4 ejercicios para el insomnio: audios guiados para dormir',
      seo_description:
        'Cuatro ejercicios guiados de respiración y relajación para hacer en la cama cuando te cuesta dormir.',
      tag: 'Sueño',
    },
    en: {
      slug: '4-exercises-for-insomnia',
      title: '4 exercises for insomnia',
      description:
        'Four exercises to do in bed when sleep will not come, and a fifth audio for when you wake in the night. This is not about forcing yourself to sleep, but about helping your body rest. Come back to them any night you need.',
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
      description:
        'Lo que sientes tiene sentido, aunque a veces resulte confuso o abrumador. En esta ruta aprenderás a poner nombre a tus emociones, a notarlas en el cuerpo y a escuchar lo que necesitan. Un primer paso amable para relacionarte de otra forma con la ansiedad.',
      seo_title: 'Descubre y comprende tus emociones: ruta guiada para la ansiedad',
      seo_description: 'Aprende a reconocer, nombrar y acompañar tus emociones con cinco audios guiados, a tu ritmo.',
      tag: 'Emociones',
    },
    en: {
      slug: 'discover-and-understand-your-emotions',
      title: 'Discover and understand your emotions',
      description:
        'What you feel makes sense, even when it seems confusing or overwhelming. In this route you will learn to name your emotions, notice them in your body and listen to what they need. A kind first step towards a different relationship with anxiety.',
      seo_title: 'Discover and understand your emotions: a guided route for anxiety',
      seo_description:
        'Learn to recognise, name and accompany your emotions with five guided audio sessions, at your own pace.',
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
      description:
        'Tu respiración siempre va contigo, y puede ser un refugio cuando la ansiedad aprieta. Aquí practicarás tres formas sencillas de respirar más despacio. Empieza por la que te resulte más cómoda.',
      seo_title: 'Ejercicios de respiración para calmar la ansiedad',
      seo_description:
        'Respiración lenta, exhalación larga y respiración cuadrada: audios guiados para bajar el ritmo cuando sientes ansiedad.',
      tag: 'Respiración',
    },
    en: {
      slug: 'breathing-to-calm-anxiety',
      title: 'Breathing to calm anxiety',
      description:
        'Your breath is always with you, and it can become a safe place when anxiety tightens its grip. Here you will practise three simple ways to breathe more slowly. Start with whichever feels most comfortable.',
      seo_title: 'Breathing exercises to calm anxiety',
      seo_description:
        'Slow breathing, the long exhale and box breathing: guided audio to slow down when you feel anxious.',
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
      {
        clip: 'sleep-2',
        es: { title: 'El 4-7-8 antes de dormir', description: 'Lleva la calma de la respiración a la cama.' },
        en: { title: '4-7-8 at bedtime', description: 'Bring the calm of your breath into bed with you.' },
      },
    ],
    es: {
      slug: 'respiracion-4-7-8',
      title: 'Respiración 4-7-8',
      description:
        'Una técnica de respiración muy sencilla que puedes usar en cualquier momento: inspirar en cuatro, retener en siete y soltar en ocho. Te acompañamos paso a paso para que encuentres tu propio ritmo, sin forzar.',
      seo_title: 'Respiración 4-7-8: guía en audio paso a paso',
      seo_description: 'Aprende la respiración 4-7-8 con audios guiados y úsala para relajarte o antes de dormir.',
      tag: 'Respiración',
    },
    en: {
      slug: '4-7-8-breathing',
      title: 'The 4-7-8 breath',
      description:
        'A very simple breathing technique you can use any time: breathe in for four, hold for seven, breathe out for eight. We guide you step by step so you can find your own rhythm, without forcing anything.',
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
      description:
        'Cuando la mente se acelera, tus sentidos pueden traerte de vuelta al presente. Este ejercicio te invita a fijarte en lo que ves, oyes, tocas, hueles y saboreas. Es discreto y puedes hacerlo en cualquier lugar.',
      seo_title: 'Técnica 5-4-3-2-1 para la ansiedad: ejercicio guiado',
      seo_description:
        'La técnica de anclaje 5-4-3-2-1 en audio: usa tus sentidos para volver al presente cuando todo te desborda.',
      tag: 'Anclaje',
    },
    en: {
      slug: 'grounding-5-4-3-2-1',
      title: 'Grounding 5-4-3-2-1',
      description:
        'When your mind is racing, your senses can bring you back to the present. This exercise invites you to notice what you can see, hear, touch, smell and taste. It is discreet, and you can do it anywhere.',
      seo_title: 'The 5-4-3-2-1 grounding technique: a guided exercise',
      seo_description:
        'The 5-4-3-2-1 grounding technique as guided audio: use your senses to come back to the present when you feel overwhelmed.',
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
      description:
        'Un recorrido lento por tu cuerpo, de la cabeza a los pies, para ir soltando la tensión acumulada durante el día. Hazlo ya en la cama, con la luz apagada, y permítete no hacer nada más.',
      seo_title: 'Escaneo corporal para dormir: relajación guiada',
      seo_description:
        'Un body scan guiado en cinco audios para relajar el cuerpo parte por parte y prepararte para dormir.',
      tag: 'Sueño',
    },
    en: {
      slug: 'body-scan-for-sleep',
      title: 'Body scan for sleep',
      description:
        'A slow journey through your body, from head to toe, gently releasing the tension gathered during the day. Do it lying down with the lights off, and allow yourself to do nothing else.',
      seo_title: 'Body scan for sleep: guided relaxation',
      seo_description:
        'A guided body scan in five audio sessions to relax your body part by part and get ready for sleep.',
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
      description:
        'Darle vueltas a las cosas es muy humano, pero agota. En esta ruta aprenderás a darte cuenta de cuándo entras en el bucle y a salir de él con suavidad, sin pelearte con tu mente.',
      seo_title: 'Cómo frenar la rumiación: ejercicios guiados',
      seo_description: 'Cuatro audios para reconocer la rumiación, observar tus pensamientos y volver al presente.',
      tag: 'Pensamientos',
    },
    en: {
      slug: 'step-out-of-the-loop-easing-rumination',
      title: 'Step out of the loop: easing rumination',
      description:
        'Going over things again and again is very human, but it is exhausting. In this route you will learn to notice when you enter the loop and to step out of it gently, without fighting your mind.',
      seo_title: 'How to ease rumination: guided exercises',
      seo_description:
        'Four audio sessions to recognise rumination, observe your thoughts and come back to the present.',
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
      description:
        'Si las preocupaciones te acompañan todo el día, prueba a darles una cita. Reservar un rato concreto para ellas ayuda a que no ocupen todo lo demás. Te explicamos cómo hacerlo de una manera sencilla y amable.',
      seo_title: 'El rato de las preocupaciones: técnica para la ansiedad',
      seo_description:
        'Aprende a reservar un momento del día para tus preocupaciones y a escribirlas para verlas con más claridad.',
      tag: 'Preocupaciones',
    },
    en: {
      slug: 'worry-time',
      title: 'Worry time',
      description:
        'If worries follow you all day long, try giving them an appointment. Setting aside a specific time for them helps stop them from taking over everything else. We show you how, in a simple and kind way.',
      seo_title: 'Worry time: a simple technique for anxious thoughts',
      seo_description:
        'Learn to set aside a moment of the day for your worries and write them down to see them more clearly.',
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
      description:
        'En los días tristes solemos ser muy duros con nosotros mismos. Esta ruta te propone tratarte con la misma ternura que ofrecerías a alguien a quien quieres. Cinco audios cortos para acompañarte, no para arreglarte.',
      seo_title: 'Autocompasión para la tristeza: audios guiados',
      seo_description:
        'Ejercicios de autocompasión para tratarte con cariño cuando te sientes triste o con el ánimo bajo.',
      tag: 'Autocompasión',
    },
    en: {
      slug: 'self-compassion-for-sad-days',
      title: 'Self-compassion for sad days',
      description:
        'On sad days we are often very hard on ourselves. This route invites you to treat yourself with the same tenderness you would offer someone you love. Five short audio sessions to keep you company, not to fix you.',
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
      description:
        'Un ataque de pánico es muy desagradable, pero no dura para siempre. Aquí encontrarás recursos para acompañarte mientras pasa: respirar, dejar estar las sensaciones y sentir el suelo bajo tus pies. Practícalos también en momentos tranquilos para tenerlos a mano.',
      seo_title: 'Qué hacer en un ataque de pánico: ejercicios guiados',
      seo_description:
        'Audios para atravesar un ataque de pánico con calma: respiración, aceptación de las sensaciones y anclaje.',
      tag: 'Pánico',
    },
    en: {
      slug: 'when-panic-comes-riding-the-wave',
      title: 'When panic comes: riding the wave',
      description:
        'A panic attack is very unpleasant, but it does not last forever. Here you will find tools to keep yourself company while it passes: breathing, letting the sensations be, and feeling the ground under your feet. Practise them on calm days too, so they are ready when you need them.',
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
      description:
        'No hace falta una hora libre para cuidarte. Estas pausas de un minuto caben entre reunión y reunión, en el autobús o antes de contestar un mensaje. Pequeños respiros que, sumados, marcan la diferencia.',
      seo_title: 'Pausas para el estrés: ejercicios de un minuto',
      seo_description: 'Micro pausas guiadas para soltar tensión y respirar en mitad de un día con estrés.',
      tag: 'Estrés',
    },
    en: {
      slug: 'small-pauses-for-everyday-stress',
      title: 'Small pauses for everyday stress',
      description:
        'You do not need a free hour to look after yourself. These one-minute pauses fit between meetings, on the bus or before answering a message. Small breathers that, added together, make a difference.',
      seo_title: 'Pauses for stress: one-minute exercises',
      seo_description: 'Guided micro-pauses to release tension and breathe in the middle of a stressful day.',
      tag: 'Stress',
    },
  },
]
