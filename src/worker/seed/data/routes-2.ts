// Routes 12 to 22 of the catalogue, in display order (they follow routes-1; see routes.ts).

import type { RouteDef } from './types'

export const routeDefs2: RouteDef[] = [
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
      description:
        'Justo cuando apagas la luz, la mente decide repasar todo lo pendiente. Esta ruta te ayuda a dejar los pensamientos fuera de la cama: primero en un papel, luego flotando en un río y, por último, contando hacia atrás.',
      seo_title: 'Cómo calmar la mente antes de dormir',
      seo_description:
        'Audios guiados para dejar de darle vueltas a las cosas en la cama y preparar la mente para el descanso.',
      tag: 'Sueño',
    },
    en: {
      slug: 'a-quiet-mind-before-bed',
      title: 'A quiet mind before bed',
      description:
        'Just as you turn off the light, your mind decides to review everything still to do. This route helps you leave your thoughts outside the bed: first on paper, then floating down a stream, and finally counting down.',
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
      description:
        'Despertarse a las tres de la mañana y no volver a dormir es frustrante. Aquí tienes tres audios muy suaves para esos momentos, pensados para escucharlos a oscuras y con el volumen bajo. Descansar también cuenta, aunque no duermas.',
      seo_title: 'Despertares nocturnos: qué hacer si te despiertas de madrugada',
      seo_description: 'Audios suaves para volver a relajarte cuando te despiertas en mitad de la noche.',
      tag: 'Sueño',
    },
    en: {
      slug: 'if-you-wake-up-in-the-night',
      title: 'If you wake up in the night',
      description:
        'Waking at three in the morning and not getting back to sleep is frustrating. Here are three very gentle audio sessions for those moments, meant to be heard in the dark at a low volume. Resting counts too, even if you do not sleep.',
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
      description:
        'Cuando el ánimo está por los suelos, los grandes propósitos pesan demasiado. Por eso esta ruta va de cosas pequeñas: un vaso de agua, una ventana abierta, un momento bueno. Cada paso cuenta, por pequeño que sea.',
      seo_title: 'Ánimo bajo: pequeños pasos para sentirte mejor',
      seo_description:
        'Ideas guiadas y amables para los días en los que te cuesta todo: movimiento suave, gratitud y autocuidado.',
      tag: 'Ánimo',
    },
    en: {
      slug: 'small-steps-for-low-mood',
      title: 'Small steps for low mood',
      description:
        'When your mood is low, big goals weigh too much. That is why this route is about small things: a glass of water, an open window, one good moment. Every step counts, however small it is.',
      seo_title: 'Low mood: small steps to feel better',
      seo_description:
        'Kind, guided ideas for days when everything feels hard: gentle movement, gratitude and self-care.',
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
      description:
        'La mente produce miles de pensamientos al día, y no todos dicen la verdad. En esta ruta practicarás a mirarlos con un poco de distancia, como quien observa nubes pasar. Así podrás elegir a cuáles prestar atención.',
      seo_title: 'Los pensamientos no son hechos: ejercicios para sobrepensar menos',
      seo_description:
        'Aprende a tomar distancia de tus pensamientos con cuatro audios guiados para cuando piensas demasiado.',
      tag: 'Pensamientos',
    },
    en: {
      slug: 'thoughts-are-not-facts',
      title: 'Thoughts are not facts',
      description:
        'Your mind produces thousands of thoughts a day, and not all of them tell the truth. In this route you will practise looking at them from a little distance, like watching clouds go by. That way you can choose which ones deserve your attention.',
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
      description:
        'Las mañanas con ansiedad pueden empezar con un nudo en el estómago. Tres minutos de respiración y una intención sencilla pueden cambiar el tono del día. Escúchala antes de mirar el móvil.',
      seo_title: 'Ansiedad por la mañana: rutina guiada para empezar el día',
      seo_description:
        'Una breve rutina en audio para despertar con más calma: respiración, pausa y una pequeña intención.',
      tag: 'Calma',
    },
    en: {
      slug: 'start-the-day-calmly',
      title: 'Start the day calmly',
      description:
        'Anxious mornings can begin with a knot in your stomach. Three minutes of breathing and one simple intention can change the tone of the day. Listen before you check your phone.',
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
      description:
        'Esa voz que te critica por dentro suele hablar más alto en los momentos difíciles. Aquí aprenderás a responderle con más cariño, como lo harías con una persona querida. No se trata de engañarte, sino de tratarte con justicia.',
      seo_title: 'Cómo suavizar la crítica interna: audios de autocompasión',
      seo_description: 'Ejercicios guiados para hablarte con más amabilidad y cuidar tu diálogo interno.',
      tag: 'Autocompasión',
    },
    en: {
      slug: 'a-kinder-inner-voice',
      title: 'A kinder inner voice',
      description:
        'The critical voice inside you tends to speak louder in difficult moments. Here you will learn to answer it more kindly, as you would a loved one. It is not about fooling yourself, but about treating yourself fairly.',
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
      description:
        'El estrés se queda a vivir en los hombros, en la mandíbula, en el estómago. Cuando el cuerpo se afloja, la mente suele seguirle. Cinco audios para soltar la tensión de arriba abajo.',
      seo_title: 'Relajación guiada para el estrés y la ansiedad',
      seo_description: 'Relaja el cuerpo parte por parte con audios guiados y deja que la mente se calme con él.',
      tag: 'Relajación',
    },
    en: {
      slug: 'relax-the-body-calm-the-mind',
      title: 'Relax the body, calm the mind',
      description:
        'Stress likes to settle in your shoulders, your jaw, your stomach. When the body loosens, the mind usually follows. Five audio sessions to release tension from top to bottom.',
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
      description:
        'Al cuerpo le gustan las rutinas: cuando repites los mismos pasos cada noche, aprende que se acerca la hora de descansar. Esta ruta reúne seis audios que puedes convertir en tu ritual antes de dormir.',
      seo_title: 'Rutina para dormir mejor: ritual guiado para desconectar',
      seo_description:
        'Seis audios para crear tu rutina nocturna: soltar tensión, respirar y preparar el cuerpo para dormir.',
      tag: 'Sueño',
    },
    en: {
      slug: 'your-evening-wind-down-routine',
      title: 'Your evening wind-down routine',
      description:
        'Your body loves routines: when you repeat the same steps every night, it learns that rest is near. This route brings together six audio sessions you can turn into your own bedtime ritual.',
      seo_title: 'A bedtime routine for better sleep: a guided wind-down',
      seo_description:
        'Six audio sessions to build your evening routine: release tension, breathe and prepare your body for sleep.',
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
      description:
        'Hablar con una psicóloga o un psicólogo por primera vez puede dar algo de respeto, y es normal. Esta ruta te ayuda a llegar con más calma y a pensar qué te gustaría contar. Para completarla necesitarás reservar una cita.',
      seo_title: 'Cómo preparar tu primera sesión con un psicólogo',
      seo_description: 'Audios guiados para llegar con calma a tu primera sesión y saber qué compartir.',
      tag: 'Sesión',
    },
    en: {
      slug: 'prepare-for-your-first-session',
      title: 'Prepare for your first session',
      description:
        'Talking to a psychologist for the first time can feel a little daunting, and that is completely normal. This route helps you arrive more calmly and think about what you would like to share. To complete it you will need to book an appointment.',
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
      description:
        'Has recorrido un buen tramo, y merece la pena mirarlo con perspectiva. En esta ruta repasarás lo que te ha ayudado y lo que aún te cuesta, para compartirlo en una sesión. Vas a necesitar una cita con tu psicóloga o psicólogo.',
      seo_title: 'Revisa tus avances con tu psicólogo',
      seo_description: 'Una ruta guiada para repasar tu progreso y preparar una sesión de seguimiento.',
      tag: 'Sesión',
    },
    en: {
      slug: 'review-your-path-in-session',
      title: 'Review your path in session',
      description:
        'You have come a long way, and it is worth looking back with some perspective. In this route you will go over what has helped and what is still hard, so you can share it in a session. You will need an appointment with your psychologist.',
      seo_title: 'Review your progress with your psychologist',
      seo_description: 'A guided route to review your progress and prepare for a follow-up session.',
      tag: 'Session',
    },
  },
]
