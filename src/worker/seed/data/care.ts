// The demo's care between sessions (issue 44 §6, issue 42 §10): weeks of check-ins for both demo
// patients; the Spanish one has a past and an upcoming session with psico1, shares with her, has a
// recommendation from the past session and a started safety plan. The English one shares nothing.
import type { Mood } from '#shared/checkins'

export interface SeedCheckins {
  email: string
  /** moods[i]: the mood of i+1 days ago (yesterday first), 0 for a day without a check-in. */
  moods: (Mood | 0)[]
  /** A note on some of those days, by the same index. */
  notes: Record<number, string>
}

export const demoCheckins: SeedCheckins[] = [
  {
    email: 'patient@demo.calma.app',
    moods: [4, 4, 3, 0, 3, 2, 2, 3, 0, 3, 4, 3, 0, 2, 1, 2, 3, 0, 3, 3, 2, 0, 0, 3, 2, 3, 0, 2, 2, 3, 0, 2, 3, 2, 0],
    notes: {
      0: 'Dormí casi siete horas. La respiración antes de dormir ayuda.',
      5: 'Reunión difícil en el trabajo; me costó desconectar.',
      14: 'Un día muy pesado. Llamé a mi hermana y me sentí algo mejor.',
      23: 'Empecé la ruta de respiración.',
    },
  },
  {
    email: 'patient.en@demo.calma.app',
    moods: [3, 4, 4, 0, 3, 3, 2, 0, 3, 4, 3, 3, 0, 2, 3, 3, 4, 0, 3, 2, 3, 0, 3, 3, 2, 0, 3, 4],
    notes: {
      1: 'Fell asleep faster with the body scan.',
      13: 'Woke up at 3 and could not get back to sleep.',
    },
  },
]

/** The Spanish demo patient's psychologist and what she shares with her. */
export const demoCare = {
  patient: 'patient@demo.calma.app',
  host: 'psico1@demo.calma.app',
  /** The past session ended this many days ago; the next one starts this many days ahead, at 10:00 Madrid. */
  pastDaysAgo: 6,
  nextDaysAhead: 3,
  recommendation: {
    routes: ['breathing-for-anxiety', 'grounding-54321'],
    note: 'Practica la respiración cada noche antes de dormir y prueba el 5-4-3-2-1 cuando notes que la ansiedad sube.',
  },
  safetyPlan: {
    warning_signs: ['Dejo de dormir varias noches seguidas', 'Evito hablar con mis amigas'],
    coping: ['Respiración 4-7-8 durante cinco minutos', 'Salir a caminar por el parque'],
    distractions: [] as string[],
    people: [{ name: 'Laura (mi hermana)', phone: '+34600222333' }],
    professionals: [] as { name: string; phone: string }[],
    environment: [] as string[],
  },
}
