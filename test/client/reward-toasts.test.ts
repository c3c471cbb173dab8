// Issue 34 §2: rewards earned together (a unit's end) show as ONE toast, not four stacked over
// the player on a phone; each is still its own unread notification.
import { afterEach, describe, expect, it } from 'vitest'
import type { InAppNotificationDto } from '#shared/contract/notifications'
import { messagesFor } from '#shared/i18n/messages'
import { configureApi } from '#client/api.ts'
import { GROUP_MS } from '#client/features/notifications/grouping.ts'
import { toast } from '#client/features/notifications/realtime.ts'
import { $toasts } from '#client/stores/toasts.ts'

let id = 1
const reward = (description: string, type = 'reward'): InAppNotificationDto => ({
  id: id++,
  key: `i:${id}`,
  notification_id: null,
  locale: 'es',
  level: 'success',
  type,
  close_after: 5000,
  title: 'Tienes una nueva recompensa',
  description,
  content: null,
  created_at: new Date().toISOString(),
  read: false,
})
const settle = () => new Promise((r) => setTimeout(r, GROUP_MS + 100))

afterEach(() => $toasts.set([]))

describe('reward toasts', () => {
  it('shows several rewards of one moment as one toast, with the count in words', async () => {
    configureApi('es', messagesFor('es'))
    toast(reward('Racha de uso: Tu primer día'))
    toast(reward('Días de práctica: 1 día de práctica'))
    toast(reward('Rutas completadas: Tu primera ruta completada'))
    toast(reward('Niveles: Nivel 1'))
    expect($toasts.get()).toHaveLength(0)
    await settle()
    const shown = $toasts.get()
    expect(shown).toHaveLength(1)
    expect(shown[0]!.text).toBe(
      '4 recompensas nuevas: Racha de uso: Tu primer día · Días de práctica: 1 día de práctica · Rutas completadas: Tu primera ruta completada · Niveles: Nivel 1',
    )
    expect(shown[0]!.level).toBe('success')
  })

  it('shows one reward alone as it came, and other notifications at once', async () => {
    configureApi('en', messagesFor('en'))
    toast(reward('Usage streak: Your first day'))
    toast(reward('A new plan for you', 'announcement'))
    expect($toasts.get().map((x) => x.text)).toEqual(['A new plan for you'])
    await settle()
    const shown = $toasts.get()
    expect(shown).toHaveLength(2)
    expect(shown[1]!).toMatchObject({ text: 'Usage streak: Your first day', title: 'Tienes una nueva recompensa' })
  })

  it('says two in English with the plural', async () => {
    configureApi('en', messagesFor('en'))
    toast(reward('Usage streak: Your first day'))
    toast(reward('Days of practice: 1 day of practice'))
    await settle()
    expect($toasts.get().map((x) => x.text)).toEqual([
      '2 new rewards: Usage streak: Your first day · Days of practice: 1 day of practice',
    ])
  })

  // Issue 42 §10: a reward's toast came minutes later, over a form's error. Old news stays in the bell.
  it('shows no toast for a reward that is minutes old (it stays in the bell), and still one that is fresh', async () => {
    configureApi('es', messagesFor('es'))
    const old = {
      ...reward('Racha de uso: Tu primer día'),
      created_at: new Date(Date.now() - 3 * 60_000).toISOString(),
    }
    toast(old)
    await settle()
    expect($toasts.get()).toHaveLength(0)
    toast(reward('Días de práctica: 1 día de práctica'))
    await settle()
    expect($toasts.get().map((x) => x.text)).toEqual(['Días de práctica: 1 día de práctica'])
  })
})
