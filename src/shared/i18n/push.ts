// Reminders on this device (issue 34 §1), in English and Spanish: the profile's per-device
// switch, its answers, and the refusals of POST/DELETE /v1/push/subscription.

export const en = {
  push: {
    messages: {
      on: 'Reminders are on for this device.',
      updated: 'We updated the reminders on this device.',
      off: 'Reminders are off for this device.',
    },
    errors: {
      endpoint: 'This browser gave an address we cannot use for reminders.',
      keys: 'This browser gave keys we cannot use for reminders.',
      not_found: 'This device has no reminders on your account.',
      unavailable: 'Reminders on devices are not available right now.',
    },
  },
}

export const es = {
  push: {
    messages: {
      on: 'Los recordatorios están activados en este dispositivo.',
      updated: 'Actualizamos los recordatorios de este dispositivo.',
      off: 'Los recordatorios están desactivados en este dispositivo.',
    },
    errors: {
      endpoint: 'Este navegador dio una dirección que no podemos usar para recordatorios.',
      keys: 'Este navegador dio claves que no podemos usar para recordatorios.',
      not_found: 'Este dispositivo no tiene recordatorios en tu cuenta.',
      unavailable: 'Los recordatorios en dispositivos no están disponibles ahora.',
    },
  },
}
