import { afterEach, describe, expect, it } from 'vitest'
import { refusal, sender, type Refusal } from '#client/components/forms.tsx'
import { $toasts } from '#client/stores/toasts.ts'

// The one form hook's send (issue 24 §2), with the state it writes recorded instead of React's.
function form() {
  const seen = {
    busy: [] as boolean[],
    errors: [] as Record<string, string>[],
    alert: [] as (string | null)[],
    out: { current: false },
  }
  const send = sender({
    out: seen.out,
    setBusy: (b) => seen.busy.push(b),
    setErrors: (e) => seen.errors.push(e),
    setAlert: (a) => seen.alert.push(a),
  })
  return { seen, send }
}
const refused: Refusal = {
  success: false,
  status: 422,
  code: 'validation',
  message: 'Revisa los campos.',
  errors: { email: ['Escribe un email válido.', 'second'], name: [] },
}
const ok = { success: true as const, status: 200, user: { id: 7 } }

afterEach(() => $toasts.set([]))

describe('the form hook', () => {
  it('is busy while the call is out, then clears the errors and gives the answer', async () => {
    const { seen, send } = form()
    const res = await send(async () => {
      expect(seen.busy).toEqual([true])
      return ok
    })
    expect(res?.user.id).toBe(7)
    expect(seen.busy).toEqual([true, false])
    expect(seen.errors).toEqual([{}])
    expect(seen.alert).toEqual([null])
  })

  it("keeps each field's first error (the envelope's words) and resolves null on a refusal", async () => {
    const { seen, send } = form()
    let told: Refusal | null = null
    const res = await send(async () => refused, { onRefusal: (r) => (told = r) })
    expect(res).toBeNull()
    expect(seen.errors).toEqual([{ email: 'Escribe un email válido.' }])
    // No alert asked for: the message was call()'s own notification, nothing more is shown.
    expect(seen.alert).toEqual([])
    expect($toasts.get()).toEqual([])
    expect(told).toMatchObject({ status: 422, code: 'validation' })
  })

  it('shows a silent refusal above the form and as a danger notification with alert', async () => {
    const { seen, send } = form()
    await send(async () => ({ ...refused, errors: undefined }), { alert: true })
    expect(seen.alert).toEqual(['Revisa los campos.'])
    expect($toasts.get().map((t) => [t.level, t.text])).toEqual([['danger', 'Revisa los campos.']])
  })

  it("with alert 'fields', says the message only when fields were refused, without a second notification", async () => {
    const a = form()
    await a.send(async () => refused, { alert: 'fields' })
    expect(a.seen.alert).toEqual(['Revisa los campos.'])
    const b = form()
    await b.send(async () => ({ ...refused, errors: undefined }), { alert: 'fields' })
    expect(b.seen.alert).toEqual([null])
    expect($toasts.get()).toEqual([])
  })

  it('stays busy after a success with keepBusy (the page is being left), not after a refusal', async () => {
    const a = form()
    await a.send(async () => ok, { keepBusy: true })
    expect(a.seen.busy).toEqual([true])
    const b = form()
    await b.send(async () => refused, { keepBusy: true })
    expect(b.seen.busy).toEqual([true, false])
  })

  it('ignores a second send while one is out (a double tap sends once)', async () => {
    const { seen, send } = form()
    let release!: () => void
    let calls = 0
    const first = send(() => {
      calls++
      return new Promise<typeof ok>((r) => (release = () => r(ok)))
    })
    expect(await send(async () => (calls++, ok))).toBeNull()
    release()
    expect(await first).not.toBeNull()
    expect(calls).toBe(1)
    expect(seen.out.current).toBe(false)
    // Free again afterwards.
    expect(await send(async () => ok)).not.toBeNull()
  })

  it('a refusal without errors clears the fields', () => {
    expect(refusal({ message: 'x' }, true)).toEqual({ errors: {}, alert: 'x' })
    expect(refusal({ message: 'x', errors: { a: ['y'] } }, false)).toEqual({ errors: { a: 'y' }, alert: null })
  })
})
