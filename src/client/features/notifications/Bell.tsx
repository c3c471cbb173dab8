import { LineIcon } from '#client/components/LineIcon.tsx'

/** Here, not with the rewards' icons: every signed-in page has the bell, few the rewards (decision 069). */
export function BellIcon() {
  return (
    <LineIcon size={22} weight={1.8}>
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    </LineIcon>
  )
}

/**
 * The bell as the server paints it, and as it stays until the menu's code has come (decision
 * 077): a signed-in page may wait for the person's first touch to start React, and its bell is
 * in the header from the first paint, not added after hydration. Before React, the bell's
 * sockets (signed-in.ts) write the unread count into it (`data-early`, taken out
 * again as React starts, so hydration finds the server's HTML). Its summary is the menu's own
 * (the same name, WCAG 2.5.3); a tap on it is a touch: React and the menu come with it, and the
 * menu comes open (NotificationsMenu reads this bell's `open`).
 */
export function BellAtLoad({ label }: { label: string }) {
  return (
    <details className="notifications-menu" data-bell="early">
      <summary>
        <BellIcon />
        <span className="visually-hidden">{label}</span>
      </summary>
    </details>
  )
}
