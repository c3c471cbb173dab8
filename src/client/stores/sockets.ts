/**
 * The page's realtime sockets still opening (features/notifications/realtime.ts registers them),
 * so a logout can wait for their handshakes: a handshake that reaches the server after the
 * session ended is refused 401, and the browser logs that refusal as an error on the page (seen
 * in e2e when the person signs out right as the journey's bell opens its sockets). Kept here, in
 * the frame's bundle, so the frame need not load the realtime code to wait on it.
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
