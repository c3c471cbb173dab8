import type { PlanItemDto } from '#shared/contract/plans'

/**
 * Where 'Continue' goes: the active route, else the first not completed, else the last. Its own
 * module: /performance needs it without the plan's route list (decision 069).
 */
export function continueTarget(items: PlanItemDto[]): PlanItemDto | null {
  return items.find((i) => i.active) ?? items.find((i) => !i.completed) ?? items[items.length - 1] ?? null
}
