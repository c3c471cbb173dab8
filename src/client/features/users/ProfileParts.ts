// The profile's settings hydrated at the first touch, one chunk (Profile.tsx, decision 072).
export { NotificationSettings } from './NotificationSettings'
export { RankingSettings } from '#client/features/ranking/RankingSettings.tsx'
export { default as ProfilePrivacy } from './ProfilePrivacy'
