import type { ReactNode } from 'react'

/**
 * A line icon drawn in the text's colour (24-unit grid, round joins), hidden from screen readers:
 * the name is the control's. Inline SVG, not emoji: phones and kiosks without an emoji font would
 * show empty boxes.
 */
export function LineIcon({ size, weight, children }: { size: number; weight: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={weight}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  )
}
