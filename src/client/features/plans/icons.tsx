// Small inline icons for the journey pages: emoji are not drawn the same (or at all) on every
// phone, so a lock must be a lock everywhere.
const common = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const

export const LockIcon = ({ size = 18 }: { size?: number }) => (
  <svg {...common} width={size} height={size}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
)

export const CheckIcon = () => (
  <svg {...common}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
)

export const PlayIcon = () => (
  <svg {...common} fill="currentColor" strokeWidth={0}>
    <path d="M8 5.5v13l10.5-6.5z" />
  </svg>
)

export const CalendarIcon = ({ size = 18 }: { size?: number }) => (
  <svg {...common} width={size} height={size}>
    <rect x="4" y="5" width="16" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M4 10h16" />
  </svg>
)

export const SparkIcon = ({ size = 18 }: { size?: number }) => (
  <svg {...common} width={size} height={size}>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.8 2.8M15.6 15.6l2.8 2.8M5.6 18.4l2.8-2.8M15.6 8.4l2.8-2.8" />
  </svg>
)
