// The head of a route page (/route/{slug}): SEO title and description, the languages its slug
// exists in, JSON-LD. In the content feature (not site.seo) so that content's page loader and the
// site feature's pages, which list routes, do not import each other (decision 043).
import type { RouteDto } from '#shared/contract/content'
import { fillPath } from '#shared/pages'
import type { Locale } from '#shared/i18n/index'
import { PAGES } from '#client/app/pages.ts'
import type { Ctx } from '#worker/context'
import { absoluteImage, alternatesOf, minutes, organization, summary, urlOf } from '#worker/ssr/head'
import type { PageHead } from '#worker/ssr/page'
import * as repo from './content.repo'

/**
 * A route page (/route/{slug}): its SEO title and description (else title and description), its
 * cover, the languages its slug exists in, and JSON-LD of type Course: a route is an ordered
 * programme of guided units, which schema.org's Course (with each unit as a part) describes.
 */
export function routeHead(ctx: Ctx, route: RouteDto, languages: readonly Locale[]): PageHead {
  const path = fillPath(PAGES.route.path, { slug: route.slug })
  const alternates = alternatesOf(path, route.language, languages)
  const url = urlOf(ctx.linkBase, path, route.language)
  const image = absoluteImage(ctx.linkBase, route.images?.cover)
  const units = route.units ?? []
  const seconds = units.reduce((n, u) => n + (u.duration_seconds ?? 0), 0)
  const course: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: route.title,
    description: summary(route.seo_description || route.description, 500) || route.title,
    url,
    inLanguage: route.language,
    provider: organization(ctx),
    author: route.createdBy?.name ? { '@type': 'Person', name: route.createdBy.name } : organization(ctx),
    ...(image ? { image: [image] } : {}),
    ...(route.symptoms.length ? { about: route.symptoms.map((s) => ({ '@type': 'Thing', name: s.title })) } : {}),
    ...(seconds > 0 ? { timeRequired: minutes(seconds) } : {}),
    ...(units.length
      ? {
          hasPart: units.map((u, i) => ({
            '@type': 'CreativeWork',
            position: i + 1,
            name: u.title,
            ...(u.duration_seconds ? { timeRequired: minutes(u.duration_seconds) } : {}),
          })),
        }
      : {}),
  }
  return {
    title: route.seo_title || route.title,
    description: route.seo_description || route.description,
    alternates,
    type: 'website',
    image: route.images?.cover ?? null,
    preloadImage: route.images?.cover ?? null,
    jsonLd: [course],
  }
}

/** The languages a route's slug is visible in (1 statement). */
export const routeLanguages = (ctx: Ctx, slug: string) => repo.routeLanguages(ctx.db, slug)
