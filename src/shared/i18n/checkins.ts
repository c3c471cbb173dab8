// The daily check-in (issue 34 §4), in English and Spanish. Kind, never clinical: the words of
// each step are what a person would say of their day, and the lowest step offers help gently.

export const en = {
  checkins: {
    title: 'How do I feel today',
    intro: 'A few taps, once a day. Only you can see it.',
    scale_label: 'How do you feel today?',
    moods: { very_low: 'Very low', low: 'Low', okay: 'Okay', good: 'Good', very_good: 'Very good' },
    note_label: 'A short note (optional)',
    note_hint: 'Up to {{max}} characters. Only you can read it.',
    save: 'Save how I feel',
    update: 'Update today',
    saving: 'Saving…',
    done_today: 'You checked in today: {{mood}}. You can change it until the day ends.',
    updated: 'We updated today’s check-in.',
    kind: {
      very_low: 'Thank you for telling us. Days like this weigh a lot, and you do not have to carry them alone.',
      low: 'Thank you for checking in. Be gentle with yourself today; a short pause can help.',
      okay: 'Thank you for checking in. Some days are just okay, and that is all right.',
      good: 'Glad to hear it. Take a moment to notice what helped today.',
      very_good: 'Wonderful. Enjoy it, and remember this feeling on harder days.',
    },
    help: {
      title: 'You do not have to go through this alone',
      body: 'If everything feels like too much, or you are thinking of hurting yourself, there are people who can help you right now.',
      link: 'Find help now',
    },
    trend: {
      title: 'Your last 30 days',
      description_none: 'No check-ins in the last 30 days yet. Your first one will show here.',
      description:
        '{{count}} check-ins in the last 30 days, from {{from}} to {{to}}. Average: {{average}} of 5. Most recent: {{last}}.',
      description_one: '1 check-in in the last 30 days, on {{to}}: {{last}}.',
      table_caption: 'Your check-ins of the last 30 days',
      day: 'Day',
      mood: 'How you felt',
      step: '{{n}} of 5: {{word}}',
    },
    errors: {
      mood: 'Choose how you feel today.',
    },
  },
}

export const es: typeof en = {
  checkins: {
    title: 'Cómo me siento hoy',
    intro: 'Unos toques, una vez al día. Solo tú puedes verlo.',
    scale_label: '¿Cómo te sientes hoy?',
    moods: { very_low: 'Muy mal', low: 'Mal', okay: 'Regular', good: 'Bien', very_good: 'Muy bien' },
    note_label: 'Una nota breve (opcional)',
    note_hint: 'Hasta {{max}} caracteres. Solo tú puedes leerla.',
    save: 'Guardar cómo me siento',
    update: 'Actualizar hoy',
    saving: 'Guardando…',
    done_today: 'Hoy ya nos contaste cómo estás: {{mood}}. Puedes cambiarlo hasta que acabe el día.',
    updated: 'Hemos actualizado tu registro de hoy.',
    kind: {
      very_low: 'Gracias por contárnoslo. Hay días que pesan mucho, y no tienes que cargar con ellos en soledad.',
      low: 'Gracias por contarnos cómo estás. Trátate con cariño hoy; una pausa breve puede ayudar.',
      okay: 'Gracias por contarnos cómo estás. Hay días simplemente normales, y está bien.',
      good: 'Nos alegra saberlo. Tómate un momento para notar qué te ayudó hoy.',
      very_good: '¡Qué bien! Disfrútalo, y recuerda esta sensación en los días más difíciles.',
    },
    help: {
      title: 'No tienes que pasar por esto en soledad',
      body: 'Si sientes que todo es demasiado, o piensas en hacerte daño, hay personas que pueden ayudarte ahora mismo.',
      link: 'Buscar ayuda ahora',
    },
    trend: {
      title: 'Tus últimos 30 días',
      description_none: 'Aún no hay registros en los últimos 30 días. El primero aparecerá aquí.',
      description:
        '{{count}} registros en los últimos 30 días, del {{from}} al {{to}}. Media: {{average}} de 5. El más reciente: {{last}}.',
      description_one: '1 registro en los últimos 30 días, el {{to}}: {{last}}.',
      table_caption: 'Tus registros de los últimos 30 días',
      day: 'Día',
      mood: 'Cómo te sentiste',
      step: '{{n}} de 5: {{word}}',
    },
    errors: {
      mood: 'Elige cómo te sientes hoy.',
    },
  },
}
