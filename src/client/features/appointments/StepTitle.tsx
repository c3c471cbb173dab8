import type { ReactNode } from 'react'

/** A step's title in booking ("2 Choose a day"); unnumbered, one level down, inside a card (moving). */
export function StepTitle({ id, n, children }: { id: string; n?: number; children: ReactNode }) {
  const Title = n === undefined ? 'h4' : 'h2'
  return (
    <Title id={id} className="book-step-title">
      {n !== undefined && (
        <span className="book-step-n" aria-hidden="true">
          {n}
        </span>
      )}
      {children}
    </Title>
  )
}
