// What other features read of care (issue 44): the person's safety plan and the routes their
// psychologists recommended. Not through care's services, which check the caller as the person:
// a reader here (the psychologist's view of a shared practice, the plan's locks) has checked its
// own caller first. Re-exported from the repos, so the SQL stays in them (decision 027).
export { safetyPlanOf, type SafetyPlanRow } from './safety.repo'
export { recommendationsFor, isRecommended, recommendedRouteIds, type RecommendationRow } from './recommendations.repo'
