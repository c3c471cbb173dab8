// What a new user met in their first week (issue 42 §3, §5): why this browser cannot get
// reminders and what to do, the person's own quiet hours, a session too close to be refunded,
// and moving a session when the reason for cancelling is wanting another date.

export const en = {
  first_week: {
    push: {
      blocked_here:
        'This window cannot get reminders: private or incognito windows, and some browsers, do not let a site send them. Open Calma in a normal window of Chrome, Edge, Firefox or Safari and turn the switch on there. Meanwhile your reminders reach you in the app and by email.',
    },
    quiet: {
      legend: 'Quiet hours',
      hint: 'No reminder reaches your devices during these hours, on each device’s clock. Reminders held back arrive when they end.',
      from: 'From',
      until: 'Until',
      none: 'No quiet hours: reminders may arrive at any time',
      same: 'The start and the end must be different times.',
      both: 'Give both the start and the end.',
      device: 'Keep my quiet hours on this device ({{from}}–{{until}})',
      device_none: 'Keep my quiet hours on this device (you have none set)',
      device_hint: 'Set your quiet hours above. Turn this off to get reminders here at any time.',
    },
    booking: {
      late: 'This session starts in less than 24 hours: if you cancel it, your {{price}} in credits are not returned, and it cannot be moved to another date.',
    },
    reschedule: {
      offer: 'You can move this session to another date instead: your {{amount}} in credits stay with it.',
      offer_free: 'You can move this session to another date instead of cancelling it.',
      move: 'Move it instead',
      too_late:
        'It starts in less than 24 hours, so it can no longer be moved. You can cancel it and book another date.',
      used: 'This session was already moved {{max}} times, so it cannot be moved again. You can cancel it and book another date.',
    },
  },
}

export const es: typeof en = {
  first_week: {
    push: {
      blocked_here:
        'Esta ventana no puede recibir recordatorios: las ventanas privadas o de incógnito, y algunos navegadores, no dejan que un sitio los envíe. Abre Calma en una ventana normal de Chrome, Edge, Firefox o Safari y activa allí el interruptor. Mientras tanto, tus recordatorios te llegan en la app y por correo.',
    },
    quiet: {
      legend: 'Horas de silencio',
      hint: 'Durante estas horas no llega ningún recordatorio a tus dispositivos, según la hora de cada uno. Los que esperan llegan al terminar.',
      from: 'Desde',
      until: 'Hasta',
      none: 'Sin horas de silencio: los recordatorios pueden llegar a cualquier hora',
      same: 'El inicio y el final deben ser horas distintas.',
      both: 'Indica el inicio y el final.',
      device: 'Respetar mis horas de silencio en este dispositivo ({{from}}–{{until}})',
      device_none: 'Respetar mis horas de silencio en este dispositivo (no tienes ninguna)',
      device_hint: 'Elige tus horas de silencio arriba. Desactívalo para recibir recordatorios aquí a cualquier hora.',
    },
    booking: {
      late: 'Esta sesión empieza en menos de 24 horas: si la cancelas, no se devuelven tus {{price}} en créditos, y no se puede mover a otra fecha.',
    },
    reschedule: {
      offer: 'En lugar de cancelarla, puedes moverla a otra fecha: tus {{amount}} en créditos siguen con ella.',
      offer_free: 'En lugar de cancelarla, puedes moverla a otra fecha.',
      move: 'Moverla a otra fecha',
      too_late: 'Empieza en menos de 24 horas, así que ya no se puede mover. Puedes cancelarla y reservar otra fecha.',
      used: 'Esta sesión ya se movió {{max}} veces, así que no se puede volver a mover. Puedes cancelarla y reservar otra fecha.',
    },
  },
}
