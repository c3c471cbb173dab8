/**
 * A carousel's step (components/Carousel.tsx): the next card, or back to the first at the end.
 * Here, not in the component, so the page's first script can move the carousels before React is
 * there without loading the component.
 */
export function advance(el: HTMLElement) {
  const card = el.firstElementChild as HTMLElement | null
  const step = card ? card.offsetWidth + 16 : el.clientWidth
  const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4
  el.scrollTo({ left: atEnd ? 0 : el.scrollLeft + step, behavior: 'smooth' })
}

/**
 * A visitor's page hydrates at the first touch (entry.tsx), yet its carousels advance by
 * themselves from the start (SPEC §9), pausing while hovered or focused and not at all for
 * reduced motion, as Carousel does. Returns what stops them (once React's own timers run).
 */
export function moveCarouselsEarly(): () => void {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return () => {}
  const stops: (() => void)[] = []
  for (const el of document.querySelectorAll<HTMLElement>('.carousel[data-autoplay]')) {
    let paused = false
    const pause = () => (paused = true)
    const go = () => (paused = false)
    el.addEventListener('mouseenter', pause)
    el.addEventListener('mouseleave', go)
    el.addEventListener('focusin', pause)
    el.addEventListener('focusout', go)
    const id = window.setInterval(() => paused || advance(el), Number(el.dataset.autoplay))
    stops.push(() => {
      window.clearInterval(id)
      el.removeEventListener('mouseenter', pause)
      el.removeEventListener('mouseleave', go)
      el.removeEventListener('focusin', pause)
      el.removeEventListener('focusout', go)
    })
  }
  return () => stops.splice(0).forEach((stop) => stop())
}
