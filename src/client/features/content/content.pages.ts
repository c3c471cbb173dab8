// Routes and their units (SPEC §2 "/routes", "/route/{slug}").
import { page } from '#shared/pages'

export const contentPages = {
  routes: page('/routes', 'public', 'pages.routes', () => import('./Routes')),
  route: page('/route/:slug', 'public', 'pages.route', () => import('./Route')),
}
