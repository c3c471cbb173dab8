import { useId, useState } from 'react'

/** FAQ accordion: one item open at a time (SPEC §2). */
export function Accordion({ items }: { items: { q: string; a: string }[] }) {
  const [open, setOpen] = useState<number | null>(null)
  const base = useId()
  return (
    <div className="accordion">
      {items.map((it, i) => {
        const isOpen = open === i
        return (
          <div className={`accordion-item${isOpen ? ' open' : ''}`} key={i}>
            <h3>
              <button
                type="button"
                aria-expanded={isOpen}
                aria-controls={`${base}-${i}`}
                onClick={() => setOpen(isOpen ? null : i)}
                data-testid="faq-question"
              >
                {it.q}
                <span aria-hidden="true">{isOpen ? '−' : '+'}</span>
              </button>
            </h3>
            <div id={`${base}-${i}`} role="region" hidden={!isOpen} data-testid="faq-answer">
              <p>{it.a}</p>
            </div>
          </div>
        )
      })}
    </div>
  )
}
