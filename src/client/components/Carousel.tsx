import { useEffect, useRef, useState, type ReactNode } from 'react'
import { advance } from '#client/carousel-early.ts'

/**
 * A horizontal, swipeable list that advances by itself every `autoplayMs` (SPEC §9: 2500 ms
 * for routes, 3000 ms for testimonials). It pauses while touched, hovered or focused, and
 * stays still for people who asked their system for reduced motion.
 */
export function Carousel({
  items,
  autoplayMs,
  label,
  className = '',
}: {
  items: ReactNode[]
  autoplayMs: number
  label: string
  className?: string
}) {
  const track = useRef<HTMLDivElement>(null)
  const [paused, setPaused] = useState(false)
  useEffect(() => {
    if (paused || autoplayMs <= 0 || items.length < 2) return
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return
    const id = window.setInterval(() => {
      if (track.current) advance(track.current)
    }, autoplayMs)
    return () => window.clearInterval(id)
  }, [paused, autoplayMs, items.length])
  return (
    <div
      className={`carousel ${className}`}
      ref={track}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      // Until React is there (a visitor's page hydrates at the first touch) the page's first
      // script moves it (src/client/carousel-early.ts), with the same step and pauses.
      data-autoplay={autoplayMs > 0 && items.length > 1 ? autoplayMs : undefined}
      tabIndex={0}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onTouchStart={() => setPaused(true)}
    >
      {items.map((item, i) => (
        <div className="carousel-item" key={i}>
          {item}
        </div>
      ))}
    </div>
  )
}
