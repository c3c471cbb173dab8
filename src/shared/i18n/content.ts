// Routes and units (SPEC §2 "/routes", "/route/{slug}"), in English and Spanish.

export const en = {
  routes_page: {
    placeholder: 'Start by writing what you feel...',
    suggested: 'You may be feeling',
    routes: 'Routes for you',
    posts: 'Articles',
    nothing: 'We did not find anything for that yet.',
    create_for_you: 'Would you like us to create a route for you?',
    let_us_know: 'Let us know',
  },
  route_page: {
    units: 'Units',
    login_to_play: 'Sign in to play',
    minutes: '{{n}} min',
  },
}

export const es: typeof en = {
  routes_page: {
    placeholder: 'Empieza escribiendo lo que sientes...',
    suggested: 'Quizás sientes',
    routes: 'Rutas para ti',
    posts: 'Artículos',
    nothing: 'Todavía no encontramos nada para eso.',
    create_for_you: '¿Te gustaría que creemos una ruta para ti?',
    let_us_know: 'Cuéntanoslo',
  },
  route_page: {
    units: 'Unidades',
    login_to_play: 'Inicia sesión para reproducir',
    minutes: '{{n}} min',
  },
}
