// Attack on issue 44 §1 (docs/API.md "Shared with my psychologist": `last_session_at` is "the end of
// the last session that has ended, or null"). With a session held and another to come (the demo
// patient's case), `last_session_at` was null: the answer took the end of the LAST session of the
// pair, the one to come, and dropped it as not ended, hiding the session that was held.
import { describe, expect, it } from 'vitest'
import { call, pair, pastSession, share } from '../shares/support'

describe('attack: last_session_at with a session held and one to come', () => {
  it('is the end of the session held, in GET /v1/my/shares and in the POST’s answer', async () => {
    const { person, host } = await pair(3)
    const held = await pastSession(person.id, host.id, 6)
    const saved = await share(person.token, host.id, { checkins: '1' })
    const list = await call(person.token, 'GET', '/v1/my/shares')
    const end = list.body.shares[0].last_session_at
    expect(held).toBeGreaterThan(0)
    expect(end).not.toBeNull()
    expect(Date.now() - Date.parse(end)).toBeGreaterThan(5 * 86_400_000)
    expect(Date.now() - Date.parse(end)).toBeLessThan(7 * 86_400_000)
    expect(saved.body.share.last_session_at).toBe(end)
    // The 90 days still count from the session to come.
    expect(Date.parse(list.body.shares[0].ends_at)).toBeGreaterThan(Date.now() + 90 * 86_400_000)
  })
})
