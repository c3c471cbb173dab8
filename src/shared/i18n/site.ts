// The public site (SPEC §2 "Public and acquisition"), in English and Spanish.

export const en = {
  landing: {
    free: 'Free · No credit card',
    social_proof: '+200 people have already started',
    or_email: 'or with your email',
    testimonials_title: 'People like you',
    faq_title: 'Questions before you start',
    psychologists_title: 'The psychologists behind Calma',
    psychologists_body: 'Qualified professionals who design the routes and can accompany you in a session.',
    speaks: 'Speaks {{languages}}',
    start: 'Start now',
    insomnia: {
      eyebrow: 'Free anti-insomnia kit',
      title: 'Sleep again, without fighting the night',
      body: '5 guided audios of 5 to 15 minutes to calm your body and mind before bed, and a free orientation session with a psychologist.',
      points: [
        'Exercises to do in bed, with the lights off',
        'A short routine to switch off after a long day',
        'What to do if you wake up at 3 a.m.',
      ],
      audio_title: 'Listen to a sample',
      audio_body: 'Put on your headphones, close your eyes and breathe.',
      form_title: 'Get your kit',
      consent:
        'I am an adult and accept receiving the kit and the invitation (<terms>terms</terms>, <privacy>privacy</privacy>).',
      submit: 'Send me the kit',
      note: 'The kit arrives in your inbox in under 5 minutes.',
      success: 'Done! Your kit is on its way: check your inbox.',
      sticky: 'Get my free kit',
    },
    anxiety: {
      eyebrow: 'Free plan for anxiety',
      title: 'When anxiety tightens, you do not have to face it alone',
      body: 'A step-by-step plan of short guided audios to understand what you feel, breathe better and find calm, with a psychologist when you need one.',
      points: [
        'Understand your emotions without judging them',
        'Breathing and grounding you can use anywhere',
        'A psychologist by your side if you want one',
      ],
      form_title: 'Get your free plan',
      submit: 'Start my free plan',
      note: 'You will receive a link to enter, no password needed.',
      success: 'Done! Your plan is ready: check your inbox.',
      sticky: 'Get my free plan',
    },
    testimonials: [
      {
        name: 'Marta, 34',
        text: 'The first night with the body scan I fell asleep before it ended. I had not managed that in months.',
      },
      { name: 'Javier, 41', text: 'When I wake up at night I no longer spin in bed: I put on an audio and breathe.' },
      {
        name: 'Lucía, 28',
        text: 'It helped me to understand my anxiety instead of fighting it. The routes are short and very kind.',
      },
    ],
    faq: [
      {
        q: 'Is it really free?',
        a: 'Yes. The kit and the plan are free, with no credit card. You decide later if you want more.',
      },
      {
        q: 'How long does each audio last?',
        a: 'Between 5 and 15 minutes, so you can do them even on difficult days.',
      },
      {
        q: 'Do I need a password?',
        a: 'No. We send you a link to enter. You can choose a password later from your profile.',
      },
      {
        q: 'Is this therapy?',
        a: 'No. Calma is guided support, not a medical service. If you need it, you can book a session with a psychologist. In a crisis, use "Need help now?" at the top of the page.',
      },
    ],
    thanks_title: 'Thank you for joining',
    thanks_body: 'Your kit is on its way to your inbox. We are taking you to your first exercise…',
    thanks_go: 'Go to my first exercise',
  },
  consent: {
    title: 'Your privacy, your choice',
    body: 'We use what is strictly necessary for Calma to work. With your permission we would also measure visits to our public pages and tell our ad partners when someone signs up from an ad. Nothing about your health, your routes or your sessions is ever shared.',
    short:
      'We use what Calma needs to work. May we measure visits and tell ad partners about sign-ups? Never your health.',
    more: 'Cookie policy',
    accept: 'Accept all',
    reject: 'Reject all',
    choose: 'Choose',
    save: 'Save my choice',
    necessary: 'Necessary.',
    necessary_body: 'Your session, your time zone and this choice. Always on.',
    analytics: 'Measurement.',
    analytics_body: 'Visits to our public pages (home and landing pages), without your health data.',
    ads: 'Advertising.',
    ads_body: 'A sign-up event for our ad partners, only on the thanks page of our landing.',
    settings: 'Cookie settings',
  },
  home: {
    hero_title: 'Calm your mind, one small step at a time',
    hero_body:
      'Guided audios for anxiety, overthinking, insomnia and sadness, and psychologists when you need them. Free to start, no credit card.',
    cta: 'Get my free plan',
    problem_title: 'When your mind does not stop',
    problem_body:
      'Racing thoughts at night, a knot in the chest, days that weigh more than they should. You are not alone, and it can get lighter.',
    solution_title: 'A route made for you',
    solution_body:
      'Short guided exercises of 5 to 15 minutes, in order, that unlock step by step, with a psychologist by your side if you want one.',
    routes_title: 'Routes to start today',
    steps_title: 'How it works',
    step1: 'Tell us what you feel',
    step1_body: 'Anxiety, insomnia, overthinking or sadness: choose where to begin.',
    step2: 'Follow your plan',
    step2_body: 'A few minutes a day of guided audio, at your pace.',
    step3: 'Talk to an expert',
    step3_body: 'Book a session with a psychologist when you need it.',
    testimonials_title: 'What people say',
    faq_title: 'Frequently asked questions',
    banner: 'Anxious? Try the free anxiety plan',
    social_proof: '+200 people already sleep and feel better',
    units: '{{n}} audios',
    faq: [
      {
        q: 'Is it really free?',
        a: 'Yes. You get a free plan with no credit card. You can subscribe later if you want more.',
      },
      {
        q: 'Does it replace therapy?',
        a: 'No. It is a support that helps you day to day. If you need it, you can book a session with a psychologist.',
      },
      {
        q: 'How long are the audios?',
        a: 'Between 5 and 15 minutes, so you can fit them in any moment of the day or night.',
      },
      {
        q: 'Can I use it at night, in bed?',
        a: 'Yes. The insomnia routes are made for that moment: lower the brightness and press play.',
      },
      {
        q: 'Is my information private?',
        a: 'Yes. What you feel and what you listen to is never shared with advertisers.',
      },
      {
        q: 'Is it in English and Spanish?',
        a: 'Yes. You can switch language at any moment at the bottom of the page.',
      },
    ],
    testimonials: [
      { name: 'Laura', text: 'The breathing audios helped me fall asleep again after months.' },
      { name: 'Daniel', text: 'Five minutes in the morning and my day starts calmer.' },
      { name: 'Marta', text: 'I finally understand what my anxiety is telling me.' },
      { name: 'Tom', text: 'Simple, kind and always there at 3 AM.' },
      { name: 'Sofía', text: 'The session with the psychologist was the push I needed.' },
    ],
  },
}

export const es: typeof en = {
  landing: {
    free: 'Gratis · Sin tarjeta de crédito',
    social_proof: '+200 personas ya han empezado',
    or_email: 'o con tu correo',
    testimonials_title: 'Personas como tú',
    faq_title: 'Dudas antes de empezar',
    psychologists_title: 'Las psicólogas y psicólogos de Calma',
    psychologists_body: 'Profesionales titulados que diseñan las rutas y pueden acompañarte en una sesión.',
    speaks: 'Habla {{languages}}',
    start: 'Empezar ahora',
    insomnia: {
      eyebrow: 'Kit anti-insomnio gratuito',
      title: 'Vuelve a dormir sin pelearte con la noche',
      body: '5 audios guiados de 5 a 15 minutos para calmar el cuerpo y la mente antes de dormir, y una sesión de orientación gratuita con una psicóloga o un psicólogo.',
      points: [
        'Ejercicios para hacer en la cama, con la luz apagada',
        'Una rutina breve para desconectar después de un día largo',
        'Qué hacer si te despiertas a las 3 de la madrugada',
      ],
      audio_title: 'Escucha una muestra',
      audio_body: 'Ponte los auriculares, cierra los ojos y respira.',
      form_title: 'Recibe tu kit',
      consent:
        'Soy mayor de edad y acepto recibir el kit y la invitación (<terms>condiciones</terms>, <privacy>privacidad</privacy>).',
      submit: 'Enviadme el kit',
      note: 'El kit llega a tu correo en menos de 5 minutos.',
      success: '¡Listo! Tu kit va de camino: revisa tu correo.',
      sticky: 'Quiero mi kit gratis',
    },
    anxiety: {
      eyebrow: 'Plan gratuito para la ansiedad',
      title: 'Cuando la ansiedad aprieta, no tienes que afrontarla sola ni solo',
      body: 'Un plan paso a paso de audios guiados breves para entender lo que sientes, respirar mejor y encontrar calma, con una psicóloga o un psicólogo cuando lo necesites.',
      points: [
        'Entiende tus emociones sin juzgarlas',
        'Respiración y anclaje que puedes usar en cualquier sitio',
        'Acompañamiento profesional si lo quieres',
      ],
      form_title: 'Recibe tu plan gratuito',
      submit: 'Empezar mi plan gratis',
      note: 'Recibirás un enlace para entrar, sin contraseña.',
      success: '¡Listo! Tu plan está preparado: revisa tu correo.',
      sticky: 'Quiero mi plan gratis',
    },
    testimonials: [
      {
        name: 'Marta, 34',
        text: 'La primera noche con el escaneo corporal me dormí antes de que terminara. Hacía meses que no lo conseguía.',
      },
      {
        name: 'Javier, 41',
        text: 'Cuando me despierto de madrugada ya no doy vueltas en la cama: pongo un audio y respiro.',
      },
      {
        name: 'Lucía, 28',
        text: 'Me ayudó a entender mi ansiedad en lugar de pelearme con ella. Las rutas son cortas y muy amables.',
      },
    ],
    faq: [
      {
        q: '¿De verdad es gratis?',
        a: 'Sí. El kit y el plan son gratuitos, sin tarjeta de crédito. Después decides si quieres más.',
      },
      {
        q: '¿Cuánto dura cada audio?',
        a: 'Entre 5 y 15 minutos, para que puedas hacerlos incluso en los días difíciles.',
      },
      {
        q: '¿Necesito una contraseña?',
        a: 'No. Te enviamos un enlace para entrar. Puedes elegir una contraseña más tarde desde tu perfil.',
      },
      {
        q: '¿Esto es terapia?',
        a: 'No. Calma es un acompañamiento guiado, no un servicio médico. Si lo necesitas, puedes reservar una sesión con un profesional. En una crisis, usa «¿Necesitas ayuda ahora?» arriba de la página.',
      },
    ],
    thanks_title: 'Gracias por unirte',
    thanks_body: 'Tu kit va de camino a tu correo. Te llevamos a tu primer ejercicio…',
    thanks_go: 'Ir a mi primer ejercicio',
  },
  consent: {
    title: 'Tu privacidad, tu decisión',
    body: 'Usamos lo estrictamente necesario para que Calma funcione. Con tu permiso, también mediríamos las visitas a nuestras páginas públicas y avisaríamos a nuestros socios publicitarios cuando alguien se registra desde un anuncio. Nunca compartimos nada sobre tu salud, tus rutas ni tus sesiones.',
    short:
      'Usamos lo necesario para que Calma funcione. ¿Nos dejas medir visitas y avisar a socios de anuncios? Nunca tu salud.',
    more: 'Política de cookies',
    accept: 'Aceptar todo',
    reject: 'Rechazar todo',
    choose: 'Elegir',
    save: 'Guardar mi elección',
    necessary: 'Necesarias.',
    necessary_body: 'Tu sesión, tu zona horaria y esta elección. Siempre activas.',
    analytics: 'Medición.',
    analytics_body: 'Visitas a nuestras páginas públicas (inicio y páginas de campaña), sin tus datos de salud.',
    ads: 'Publicidad.',
    ads_body:
      'Un evento de registro para nuestros socios publicitarios, solo en la página de agradecimiento de la campaña.',
    settings: 'Configurar cookies',
  },
  home: {
    hero_title: 'Calma tu mente, un pequeño paso cada vez',
    hero_body:
      'Audios guiados para la ansiedad, los pensamientos que no paran, el insomnio y la tristeza, y psicólogos cuando los necesites. Gratis para empezar, sin tarjeta.',
    cta: 'Quiero mi plan gratis',
    problem_title: 'Cuando tu mente no para',
    problem_body:
      'Pensamientos que corren de noche, un nudo en el pecho, días que pesan más de la cuenta. No estás solo, y puede ser más ligero.',
    solution_title: 'Una ruta hecha para ti',
    solution_body:
      'Ejercicios guiados de 5 a 15 minutos, en orden, que se desbloquean paso a paso, con un psicólogo a tu lado si lo quieres.',
    routes_title: 'Rutas para empezar hoy',
    steps_title: 'Cómo funciona',
    step1: 'Cuéntanos qué sientes',
    step1_body: 'Ansiedad, insomnio, pensamientos repetitivos o tristeza: elige por dónde empezar.',
    step2: 'Sigue tu plan',
    step2_body: 'Unos minutos al día de audio guiado, a tu ritmo.',
    step3: 'Habla con un experto',
    step3_body: 'Reserva una sesión con un psicólogo cuando lo necesites.',
    testimonials_title: 'Lo que dicen',
    faq_title: 'Preguntas frecuentes',
    banner: '¿Ansiedad? Prueba el plan gratis para la ansiedad',
    social_proof: '+200 personas ya duermen y se sienten mejor',
    units: '{{n}} audios',
    faq: [
      {
        q: '¿De verdad es gratis?',
        a: 'Sí. Recibes un plan gratis sin tarjeta de crédito. Si quieres más, puedes suscribirte después.',
      },
      {
        q: '¿Sustituye a la terapia?',
        a: 'No. Es un apoyo que te ayuda en el día a día. Si lo necesitas, puedes reservar una sesión con un psicólogo.',
      },
      {
        q: '¿Cuánto duran los audios?',
        a: 'Entre 5 y 15 minutos, para que quepan en cualquier momento del día o de la noche.',
      },
      {
        q: '¿Puedo usarlo de noche, en la cama?',
        a: 'Sí. Las rutas para el insomnio están hechas para ese momento: baja el brillo y dale a reproducir.',
      },
      {
        q: '¿Mi información es privada?',
        a: 'Sí. Lo que sientes y lo que escuchas nunca se comparte con anunciantes.',
      },
      { q: '¿Está en español y en inglés?', a: 'Sí. Puedes cambiar de idioma cuando quieras al final de la página.' },
    ],
    testimonials: [
      { name: 'Laura', text: 'Los audios de respiración me ayudaron a volver a dormir después de meses.' },
      { name: 'Daniel', text: 'Cinco minutos por la mañana y mi día empieza más tranquilo.' },
      { name: 'Marta', text: 'Por fin entiendo lo que mi ansiedad me quiere decir.' },
      { name: 'Tomás', text: 'Sencillo, amable y siempre ahí a las 3 de la mañana.' },
      { name: 'Sofía', text: 'La sesión con la psicóloga fue el empujón que necesitaba.' },
    ],
  },
}
