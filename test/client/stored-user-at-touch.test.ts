// Decision 077 + the outside review: a signed-in page that waits for the person's touch writes
// its person as the stored user at load, and the frame writes it again when the page hydrates,
// maybe hours later. That second write must only refresh what is still this person's.
import { pageStorage } from './web-storage'
import { beforeEach, describe, expect, it } from 'vitest'
import type { PageUser } from '#shared/page-data'
import { keepPageUser, readLocal, type StoredUser } from '#client/stores/session.ts'

const person = (id: number, name: string) =>
  ({ id, name, email: `${name.toLowerCase()}@e2e.calma.app`, role: 1, language: 'es', subscriber: false }) as PageUser

describe('the stored user at the first touch', () => {
  beforeEach(() => {
    ;(globalThis as { localStorage?: Storage }).localStorage = pageStorage()
  })

  it('is written at load, refreshed at the touch, and never brought back, unmarked or written over', () => {
    const ana = person(1, 'Ana')
    keepPageUser(ana) // the page loads
    expect(readLocal<StoredUser>('user')).toMatchObject({ id: 1, name: 'Ana', expired: false })
    keepPageUser(ana) // the touch: still Ana's, refreshed
    expect(readLocal<StoredUser>('user')).toMatchObject({ id: 1, expired: false })

    // Another tab signed Ana out (the key cleared): the touch brings nothing back.
    localStorage.removeItem('user')
    keepPageUser(ana)
    expect(readLocal<StoredUser>('user')).toBeNull()

    // A 401 in another tab marked it expired: it stays expired for the sign-in page.
    localStorage.setItem('user', JSON.stringify({ ...ana, expired: true }))
    keepPageUser(ana)
    expect(readLocal<StoredUser>('user')).toMatchObject({ id: 1, expired: true })

    // Bruno signed in since on this device: Ana's old page does not write over him.
    localStorage.setItem('user', JSON.stringify({ ...person(2, 'Bruno'), expired: false }))
    keepPageUser(ana)
    expect(readLocal<StoredUser>('user')).toMatchObject({ id: 2, name: 'Bruno' })
  })
})
