// Subscriptions and credits (SPEC §2 Account, §9), in English and Spanish. For now, the upgrade
// and thanks pages (issue 8 §7); issue 10 adds the subscription pages' texts here.

export const en = {
  upgrade_page: {
    title: 'Keep going with all of Calma',
    lead: 'Your free days were a beginning. With a subscription, every route and your whole plan stay open, whenever you need them.',
    benefits_title: 'With a subscription',
    benefits: ['Every route and audio, with no limits', 'Your personal plan, step by step', 'Sessions with a psychologist every month (4 in the monthly plan)', 'The yearly plan gives you 2 months free'],
    see_plans: 'See plans and prices',
    contact: 'Questions? Talk to us',
  },
  thanks_page: {
    title: 'Thank you for your purchase',
    lead: 'Your payment went through. Everything is ready for you to continue.',
    continue: 'Continue with my plan',
    subscription: 'My Subscription and Credits',
  },
}

export const es: typeof en = {
  upgrade_page: {
    title: 'Sigue adelante con todo Calma',
    lead: 'Tus días gratis fueron un comienzo. Con una suscripción, todas las rutas y tu plan completo siguen abiertos, cuando los necesites.',
    benefits_title: 'Con una suscripción',
    benefits: ['Todas las rutas y audios, sin límites', 'Tu plan personal, paso a paso', 'Sesiones con un psicólogo cada mes (4 en el plan mensual)', 'El plan anual te regala 2 meses'],
    see_plans: 'Ver planes y precios',
    contact: '¿Dudas? Habla con nosotros',
  },
  thanks_page: {
    title: 'Gracias por tu compra',
    lead: 'Tu pago se ha completado. Todo está listo para que sigas.',
    continue: 'Seguir con mi plan',
    subscription: 'Mi suscripción y créditos',
  },
}
