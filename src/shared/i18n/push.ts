// Reminders on this device (issue 34 §1), in English and Spanish: the profile's per-device
// switch, its answers, and the refusals of POST/DELETE /v1/push/subscription.

export const en = {
  push: {
    messages: {
      on: 'Reminders are on for this device.',
      updated: 'We updated the reminders on this device.',
      off: 'Reminders are off for this device.',
      removed: 'We removed that device from your reminders.',
    },
    errors: {
      endpoint: 'This browser gave an address we cannot use for reminders.',
      keys: 'This browser gave keys we cannot use for reminders.',
      not_found: 'This device has no reminders on your account.',
      unavailable: 'Reminders on devices are not available right now.',
    },
    devices: {
      title: 'Your devices',
      hint: 'The browsers that get your reminders. Each one stops when you sign out there, or when you remove it here.',
      empty: 'No device gets your reminders right now.',
      label: '{{browser}} on {{system}}',
      unknown_browser: 'A browser',
      unknown_system: 'a device',
      this_device: 'This device',
      saved: 'Added {{date}}',
      last_used: 'Last reminder {{date}}',
      never_used: 'No reminder yet',
      remove: 'Remove',
      remove_named: 'Remove {{name}}',
      everywhere: 'Sign out everywhere',
      everywhere_hint:
        'Ends your session on every device, this one included, and removes every device from your reminders. Useful if you lost a phone.',
      everywhere_sure: 'Sign out on every device?',
      everywhere_yes: 'Yes, sign out everywhere',
    },
    alerts: {
      keys_title: 'Reminders on devices are not going out',
      keys_body:
        'Our VAPID keys could not sign a push. No device was removed; check VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.',
    },
    device: {
      title: 'Reminders on this device',
      switch: 'Reminders on this device',
      hint: 'Your practice reminders and notices reach this device even when Calma is closed. Each device has its own switch.',
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
      removed: 'Quitamos ese dispositivo de tus recordatorios.',
    },
    errors: {
      endpoint: 'Este navegador dio una dirección que no podemos usar para recordatorios.',
      keys: 'Este navegador dio claves que no podemos usar para recordatorios.',
      not_found: 'Este dispositivo no tiene recordatorios en tu cuenta.',
      unavailable: 'Los recordatorios en dispositivos no están disponibles ahora.',
    },
    devices: {
      title: 'Tus dispositivos',
      hint: 'Los navegadores que reciben tus recordatorios. Cada uno deja de recibirlos cuando cierras sesión en él, o cuando lo quitas aquí.',
      empty: 'Ahora ningún dispositivo recibe tus recordatorios.',
      label: '{{browser}} en {{system}}',
      unknown_browser: 'Un navegador',
      unknown_system: 'un dispositivo',
      this_device: 'Este dispositivo',
      saved: 'Añadido el {{date}}',
      last_used: 'Último recordatorio el {{date}}',
      never_used: 'Aún sin recordatorios',
      remove: 'Quitar',
      remove_named: 'Quitar {{name}}',
      everywhere: 'Cerrar sesión en todas partes',
      everywhere_hint:
        'Cierra tu sesión en todos tus dispositivos, también en este, y los quita todos de tus recordatorios. Útil si perdiste un teléfono.',
      everywhere_sure: '¿Cerrar sesión en todos tus dispositivos?',
      everywhere_yes: 'Sí, cerrar sesión en todas partes',
    },
    alerts: {
      keys_title: 'Los recordatorios en dispositivos no están saliendo',
      keys_body:
        'Nuestras claves VAPID no pudieron firmar un aviso. No se quitó ningún dispositivo; revisa VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY.',
    },
    device: {
      title: 'Recordatorios en este dispositivo',
      switch: 'Recordatorios en este dispositivo',
      hint: 'Tus recordatorios de práctica y avisos llegan a este dispositivo aunque Calma esté cerrada. Cada dispositivo tiene su propio interruptor.',
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
