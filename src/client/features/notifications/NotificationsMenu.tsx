import { useEffect, useRef, useState } from 'react'
import { useStore } from '@nanostores/react'
import { usePage } from '#client/app/context.tsx'
import { $unread, readNotification, startRealtime } from './realtime'
import { BellIcon } from './Bell'
import '#client/features/engagement/engagement.css'

/**
 * The unread list in the header (issue 11 §5), beside the user menu. Mounting it starts the
 * realtime channels, so every signed-in page receives toasts without a reload.
 */
export function NotificationsMenu() {
  const { boot, t } = usePage()
  const unread = useStore($unread)
  const user = boot.user
  // A tap on the server's bell before React (decision 077) is the touch that brought this menu: it
  // comes open, not needing a second tap.
  // (entry.tsx marks the page `data-bell-open` as that tap opens the server's bell).
  const [open, setOpen] = useState(() => document.documentElement.dataset.bellOpen === '1')
  const summary = useRef<HTMLElement>(null)
  useEffect(() => {
    const root = document.documentElement.dataset
    // The server's bell had the focus and was taken out with it: the focus comes back here, unless
    // the person has moved it elsewhere meanwhile.
    const active = document.activeElement
    if (root.bellFocus === '1' && (!active || active === document.body)) summary.current?.focus()
    delete root.bellOpen
    delete root.bellFocus
  }, [])
  useEffect(() => {
    if (user) startRealtime({ role: user.role, locale: boot.locale })
  }, [user, boot.locale])
  if (!user) return null
  return (
    <details
      className="notifications-menu"
      data-testid="notifications-menu"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      {/* The name is the visible text (the count) after a hidden word, never a label that hides the
          count (WCAG 2.5.3 label in name). */}
      <summary ref={summary}>
        <BellIcon />
        <span className="visually-hidden">{t('engagement.notifications.unread')}</span>
        {unread.length > 0 && (
          <span className="notifications-count" data-testid="unread-count">
            {unread.length > 9 ? '9+' : unread.length}
          </span>
        )}
      </summary>
      <div className="notifications-list">
        <p className="notifications-title">{t('engagement.notifications.unread')}</p>
        {unread.length === 0 ? (
          <p className="muted">{t('engagement.notifications.none')}</p>
        ) : (
          <>
            <ul>
              {unread.map((n) => (
                <li key={n.key} className={`notification notification-${n.level}`} data-testid="unread-item">
                  <div>
                    <strong>{n.title}</strong>
                    {n.description && <p>{n.description}</p>}
                  </div>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => void readNotification(n)}
                    aria-label={t('engagement.notifications.mark_read')}
                  >
                    ✓
                  </button>
                </li>
              ))}
            </ul>
            <button type="button" className="button button-small" onClick={() => void readNotification()}>
              {t('engagement.notifications.mark_all_read')}
            </button>
          </>
        )}
      </div>
    </details>
  )
}
