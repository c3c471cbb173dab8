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
    device: {
      title: 'Reminders on this device',
      switch: 'Reminders on this device',
      hint: 'Your practice reminders and notices reach this device even when Calma is closed. Each device has its own switch.',
      quiet: 'Quiet at night (22:00–08:00)',
      quiet_hint: 'Nothing arrives between 22:00 and 08:00 on your clock.',
      unsupported:
        'This browser cannot show reminders when Calma is closed. You still get them in the app and by email.',
      ios: 'On iPhone and iPad, reminders reach you once Calma is on your home screen: tap Share, then “Add to Home Screen”, and open Calma from there.',
      denied:
        'This browser is set to block notices from Calma. To allow them again, open the site settings (the icon beside the address), set Notifications to Allow, and reload this page.',
      not_allowed: 'Without your permission this device cannot show reminders. You can turn them on whenever you like.',
      failed: 'We could not turn on reminders on this device. Please try again in a moment.',
      notice_title: 'Calma',
      notice_body: 'You have something new in Calma.',
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
    device: {
      title: 'Recordatorios en este dispositivo',
      switch: 'Recordatorios en este dispositivo',
      hint: 'Tus recordatorios de práctica y avisos llegan a este dispositivo aunque Calma esté cerrada. Cada dispositivo tiene su propio interruptor.',
      quiet: 'Silencio por la noche (22:00–08:00)',
      quiet_hint: 'No llega nada entre las 22:00 y las 08:00 de tu hora.',
      unsupported:
        'Este navegador no puede mostrar recordatorios con Calma cerrada. Los sigues recibiendo en la app y por correo.',
      ios: 'En iPhone y iPad, los recordatorios llegan cuando Calma está en tu pantalla de inicio: toca Compartir, luego «Añadir a pantalla de inicio», y abre Calma desde allí.',
      denied:
        'Este navegador tiene bloqueados los avisos de Calma. Para permitirlos de nuevo, abre la configuración del sitio (el icono junto a la dirección), pon Notificaciones en Permitir y vuelve a cargar esta página.',
      not_allowed: 'Sin tu permiso este dispositivo no puede mostrar recordatorios. Puedes activarlos cuando quieras.',
      failed: 'No pudimos activar los recordatorios en este dispositivo. Inténtalo de nuevo en un momento.',
      notice_title: 'Calma',
      notice_body: 'Tienes algo nuevo en Calma.',
    },
  },
}
