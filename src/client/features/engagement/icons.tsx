import type { RewardDto } from '#shared/contract/rewards'

// Inline SVG, not emoji: phones and kiosks without an emoji font would show empty boxes.
const HEART =
  'M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.7 4.5c2.1 0 3.5 1.1 4.3 2.4.8-1.3 2.2-2.4 4.3-2.4 3.7 0 5.8 3.8 4.3 7.2C19.5 16.4 12 21 12 21z'
const FLAME =
  'M12 22c-4 0-7-2.9-7-6.8 0-3.3 2.2-5.6 4-7.6.5 1.7 1.5 3 3 3.6-.5-3.3.6-6.3 3-9.2.5 3.1 2 5 3.4 6.9 1 1.4 1.6 3 1.6 4.9C20 19.1 16.4 22 12 22z'

/** SPEC §9 level icons: white heart (levels 1–7), green (8), pink (9), fire (10). */
export function LevelIcon({ icon }: { icon: RewardDto['level']['icon'] }) {
  const fill = { white_heart: '#ffffff', green_heart: '#2e7d4f', pink_heart: '#e46a9a', fire: '#e8692a' }[icon]
  return (
    <svg className={`level-icon level-icon-${icon}`} width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d={icon === 'fire' ? FLAME : HEART}
        fill={fill}
        stroke={icon === 'white_heart' ? '#94475a' : 'none'}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  )
}
