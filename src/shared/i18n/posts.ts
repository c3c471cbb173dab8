// The blog (SPEC §2 "/blog and /post/{slug}"), in English and Spanish.

export const en = {
  blog_page: {
    title: 'Blog',
    search: 'Search articles',
    empty: 'There are no articles for that yet.',
    reading_time: '{{n}} min read',
    page_of: 'Page {{x}} of {{y}}',
    prev: 'Previous',
    next: 'Next',
  },
}

export const es: typeof en = {
  blog_page: {
    title: 'Blog',
    search: 'Buscar artículos',
    empty: 'Todavía no hay artículos sobre eso.',
    reading_time: '{{n}} min de lectura',
    page_of: 'Página {{x}} de {{y}}',
    prev: 'Anterior',
    next: 'Siguiente',
  },
}
