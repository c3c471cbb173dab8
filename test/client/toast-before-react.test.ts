// Decision 077 + the outside review: on a signed-in page that waits for the person's touch, a
// notification that came while the page was closed shows at the first touch. If that touch is a
// link (the page is left before React starts), it must not be counted as shown: the next page
// shows it.
import { pageStorage } from './web-storage'
import { describe, expect, it } from 'vitest'
import type { InAppNotificationDto } from '#shared/contract/notifications'
import { messagesFor } from '#shared/i18n/messages'
import { configureApi } from '#client/api.ts'
import { setWaker } from '#client/wake.ts'
import { toast } from '#client/features/notifications/realtime.ts'

const notice = (key: string): InAppNotificationDto => ({
  id: 1,
  key,
  notification_id: null,
  locale: 'es',
  level: 'info',
  type: 'announcement',
  close_after: 5000,
  title: 'Novedades',
  description: 'Una nueva ruta para ti',
  content: null,
  created_at: new Date().toISOString(),
  read: false,
})

describe('a notice waiting for React', () => {
  it('is not remembered as shown while React has not come (the page may be left first)', async () => {
    configureApi('es', messagesFor('es'))
    ;(globalThis as { sessionStorage?: Storage }).sessionStorage = pageStorage()
    // A page that waits for a touch, whose React never comes (its first touch was a link).
    setWaker(() => new Promise(() => {}))
    toast(notice('i:waiting'), false)
    toast(notice('i:live'), true)
    await new Promise((r) => setTimeout(r, 50))
    const shown = JSON.parse(sessionStorage.getItem('calma.toasted') ?? '[]') as string[]
    expect(shown).not.toContain('i:waiting')
    expect(shown).not.toContain('i:live')
  })
})
