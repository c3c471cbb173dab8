// The check-in's parts hydrated at the first touch (the trend's chart, the help at the lowest
// step), one chunk (CheckinBlock.tsx, decision 072).
export { MoodTrend } from './MoodTrend'
export { CheckinHelp } from './CheckinHelp'
