// Attack on issue 44 §1 (decision 067; docs/API.md "Refusals of the POST": "Withdrawing is always
// allowed"). A person shares with the psychologist of their only session, then that session is
// cancelled (by either side, or by the psychologist losing the role). The share row stays with its
// boxes on, and POST /v1/my/share with every box 0 answered 422 "You can share only with a
// psychologist you have a session with.": the person could not withdraw, and a new booking with
// that psychologist would open everything again (the booking offer is not shown to someone who
// already shares), without the person ever having been able to say no.
import { describe, expect, it } from 'vitest'
import { AppointmentStatus } from '#shared/enums'
import { appointments } from '#worker/db/schema'
import { patch } from '../factories'
import { call, pair, share } from '../shares/support'

describe('attack: withdrawing after the only session was cancelled', () => {
  it('is allowed, and the share then shows every box off', async () => {
    const { person, host, session } = await pair()
    expect((await share(person.token, host.id, { checkins: '1', notes: '1', safety_plan: '1' })).res.status).toBe(200)
    await patch(appointments, session, { status: AppointmentStatus.cancelled })

    const withdrawn = await share(person.token, host.id, {}, 'es')
    expect(withdrawn.res.status).toBe(200)
    expect(withdrawn.body.share).toMatchObject({ checkins: false, notes: false, practice: false, safety_plan: false })

    const list = await call(person.token, 'GET', '/v1/my/shares')
    expect(list.body.shares).toEqual([expect.objectContaining({ host_id: host.id, checkins: false, notes: false })])
  })

  it('turning something on with no session left is still refused', async () => {
    const { person, host, session } = await pair()
    await share(person.token, host.id, { checkins: '1' })
    await patch(appointments, session, { status: AppointmentStatus.cancelled })
    const on = await share(person.token, host.id, { notes: '1' })
    expect(on.res.status).toBe(422)
    expect(on.body.errors.host_id).toEqual(['You can share only with a psychologist you have a session with.'])
  })
})
