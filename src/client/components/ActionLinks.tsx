import type { ReactNode } from 'react'

type Action = { href: string; label: ReactNode; testId?: string }

/** Where a page sends the person next: the first way as the primary button, any others beside it. */
export function ActionLinks({ className, actions }: { className: string; actions: [Action, ...(Action | null)[]] }) {
  const [main, ...others] = actions
  return (
    <div className={className}>
      <a className="button button-primary" href={main.href} data-testid={main.testId}>
        {main.label}
      </a>
      {others.map(
        (a) =>
          a && (
            <a key={a.href} className="button" href={a.href} data-testid={a.testId}>
              {a.label}
            </a>
          ),
      )}
    </div>
  )
}
