// What the plans services share: the not-found errors of plans (translated keys of SPEC's
// messages) and a plan as the calls answer it.
import { servedImages } from '#shared/media'
import type { PlanDto } from '#shared/contract/plans'
import type { Plan } from '#worker/db/schema'
import { AppError } from '#worker/http/errors'

export const notFound = (
  message:
    | 'plans.plan_missing'
    | 'plans.route_missing'
    | 'plans.user_missing'
    | 'plans.not_assigned'
    | 'plans.route_not_in_plan'
    | 'plans.no_plan'
    | 'plans.next_plan_missing',
) => new AppError('not_found', { message })

type PlanRow = Pick<Plan, 'id' | 'language' | 'slug' | 'title' | 'description' | 'images' | 'visibility' | 'status'>
export const planDto = (p: PlanRow): PlanDto => ({
  id: p.id,
  language: p.language,
  slug: p.slug,
  title: p.title,
  description: p.description ?? null,
  images: servedImages(p.images),
  visibility: p.visibility,
  status: p.status,
})
