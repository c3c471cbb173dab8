// The blog (SPEC §2 "/blog and /post/{slug}"), in English and Spanish.

export const en = {
  blog_page: {
    title: 'Blog',
    description:
      'Articles on anxiety, overthinking, sleep and low mood: short self-tests, simple plans and exercises you can start today.',
    search: 'Search articles',
    empty: 'There are no articles for that yet.',
    reading_time: '{{n}} min read',
    page_of: 'Page {{x}} of {{y}}',
    prev: 'Previous',
    next: 'Next',
    per_page: 'Articles per page',
  },
  post_page: {
    contents: 'Contents',
    formats: 'Format',
    article: 'Article',
    audio: 'Audio',
    video: 'Video',
    updated: 'Last updated {{date}}',
    related: 'Related articles',
    related_routes: 'Routes to go further',
    progress: 'Reading progress',
  },
  /** The deleted-article page (SPEC §2), shown at the URL of a post that was taken down. */
  post_deleted: {
    title: 'This article is no longer available',
    body: 'We have removed this article, or it has been replaced by a newer one. There is plenty more to read and to listen to.',
    blog: 'Read other articles',
    routes: 'Explore the routes',
  },
  posts_manage: {
    post_created: 'Post created.',
    post_updated: 'Post updated.',
    post_deleted: 'Post deleted.',
    post_missing: 'We could not find this article.',
    correlation_self: 'An article cannot be related to itself.',
    correlation_exists: 'These articles are already related.',
    correlation_added: 'Related article added.',
    correlation_removed: 'Related article removed.',
    correlation_missing: 'These articles are not related.',
    category_created: 'Category created.',
    category_updated: 'Category updated.',
    category_deleted: 'Category deleted.',
    category_missing: 'We could not find this category.',
    content_unreadable:
      "The article's HTML cannot be read safely. Look for tags left open or inside a list of options, and save it again.",
    content_too_deep:
      "The article's HTML nests too many tags inside one another (100 at most). Simplify it and save it again.",
  },
}

export const es: typeof en = {
  blog_page: {
    title: 'Blog',
    description:
      'Artículos sobre ansiedad, pensamientos que no paran, sueño y ánimo bajo: tests breves, planes sencillos y ejercicios para empezar hoy.',
    search: 'Buscar artículos',
    empty: 'Todavía no hay artículos sobre eso.',
    reading_time: '{{n}} min de lectura',
    page_of: 'Página {{x}} de {{y}}',
    prev: 'Anterior',
    next: 'Siguiente',
    per_page: 'Artículos por página',
  },
  post_page: {
    contents: 'Contenido',
    formats: 'Formato',
    article: 'Artículo',
    audio: 'Audio',
    video: 'Vídeo',
    updated: 'Última actualización: {{date}}',
    related: 'Artículos relacionados',
    related_routes: 'Rutas para ir más allá',
    progress: 'Progreso de lectura',
  },
  post_deleted: {
    title: 'Este artículo ya no está disponible',
    body: 'Hemos retirado este artículo, o lo hemos sustituido por uno más reciente. Tienes mucho más para leer y escuchar.',
    blog: 'Leer otros artículos',
    routes: 'Explorar las rutas',
  },
  posts_manage: {
    post_created: 'Artículo creado.',
    post_updated: 'Artículo actualizado.',
    post_deleted: 'Artículo eliminado.',
    post_missing: 'No pudimos encontrar este artículo.',
    correlation_self: 'Un artículo no puede relacionarse consigo mismo.',
    correlation_exists: 'Estos artículos ya están relacionados.',
    correlation_added: 'Artículo relacionado añadido.',
    correlation_removed: 'Artículo relacionado quitado.',
    correlation_missing: 'Estos artículos no están relacionados.',
    category_created: 'Categoría creada.',
    category_updated: 'Categoría actualizada.',
    category_deleted: 'Categoría eliminada.',
    category_missing: 'No pudimos encontrar esta categoría.',
    content_unreadable:
      'No podemos leer con seguridad el HTML del artículo. Busca etiquetas sin cerrar o dentro de una lista de opciones y vuelve a guardarlo.',
    content_too_deep:
      'El HTML del artículo anida demasiadas etiquetas unas dentro de otras (100 como máximo). Simplifícalo y vuelve a guardarlo.',
  },
}
