import { useEffect, useRef, useState, type ReactNode } from 'react'

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
      const el = track.current
      if (!el) return
      const card = el.firstElementChild as HTMLElement | null
      const step = card ? card.offsetWidth + 16 : el.clientWidth
      const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4
      el.scrollTo({ left: atEnd ? 0 : el.scrollLeft + step, behavior: 'smooth' })
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
