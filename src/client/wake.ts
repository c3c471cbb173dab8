/**
 * React's start, for code that runs before it (decision 077): a signed-in page whose server
 * marked it `lazy` hydrates at the person's first touch, but its bell's sockets, its service
 * worker and its session's end run from load (signed-in.ts). What of theirs needs React or the
 * page's words asks for it here: a live toast wakes React (`whenAwake`); what can wait for the
 * person (the toasts of what came while the page was closed) waits for their touch
 * (`whenHydrated`). On a page that hydrates by itself nobody registers a waker: all is at once.
 */
let waker: (() => Promise<unknown>) | null = null
let done = false
let markHydrated = () => {}
const hydrated = new Promise<void>((resolve) => (markHydrated = resolve))

/** signed-in.ts, on a page that waits for a touch: how entry.tsx starts React (once). */
export function setWaker(start: () => Promise<unknown>) {
  waker = start
}

/** hydrate.tsx: the page has hydrated (by a touch, a wake, or at once). */
export function hydratedNow() {
  done = true
  markHydrated()
}

/** Whether what needs React may go now: the page is React's, or does not wait for a touch. */
export const awake = () => !waker || done

/** Start React if it has not started, and resolve once the page has hydrated. */
export function whenAwake(): Promise<void> {
  return awake() ? Promise.resolve() : waker!().then(() => hydrated)
}

/** Resolve once the page has hydrated, however it came to (React is not started for it). */
export function whenHydrated(): Promise<void> {
  return awake() ? Promise.resolve() : hydrated
}
