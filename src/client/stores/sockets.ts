/**
 * The page's realtime sockets still opening (features/notifications/realtime.ts registers them),
 * so a call that ends or replaces the session waits for their handshakes (client/api.ts
 * `exchange`): a handshake that reaches the server after the session ended is refused 401, and
 * the browser logs that refusal as an error on the page. Kept apart from the realtime code, which
 * is loaded only with the bell.
 */
let opening = 0
const settled: (() => void)[] = []

/** A socket started its handshake; the returned function marks it opened, failed or closed (once). */
export function socketOpening(): () => void {
  opening++
  let done = false
  return () => {
    if (done) return
    done = true
    opening--
    if (opening === 0) for (const resolve of settled.splice(0)) resolve()
  }
}

/** Resolves when no socket of this page is mid-handshake, or after `maxMs` whatever happens. */
export function whenSocketsSettled(maxMs = 3000): Promise<void> {
  if (opening === 0) return Promise.resolve()
  return new Promise((resolve) => {
    settled.push(resolve)
    setTimeout(resolve, maxMs)
  })
}
