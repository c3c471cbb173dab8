// /performance's parts hydrated at the first touch, one chunk (Performance.tsx, decision 072).
export { PerformanceTop } from './PerformanceTop'
export { ExploreRoutes } from './ExploreRoutes'
export { EngagementBlock } from '#client/features/engagement/EngagementBlock.tsx'
