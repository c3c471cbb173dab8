// Below register.ts and the modules it loads (downloads.ts asks the worker too): a leaf, so that
// none of them imports register.ts back (issue 33 §4, no import circle).

/**
 * Ask the service worker something (src/sw/sw.ts, its `message` listener), through a channel of
 * our own; null when no worker of this version answers in time (none registered, private mode,
 * an older worker still active).
 */
export async function askWorker<T>(message: { type: string } & Record<string, unknown>, ms = 3000): Promise<T | null> {
  if (!('serviceWorker' in navigator)) return null
  // No registration at all (blocked, private mode): nobody to wait for.
  const reg = await navigator.serviceWorker.getRegistration().catch(() => undefined)
  if (!reg) return null
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))
  // One still installing (a first visit) is waited for, a little.
  const worker =
    navigator.serviceWorker.controller ??
    reg.active ??
    (await Promise.race([navigator.serviceWorker.ready, late]))?.active
  if (!worker) return null
  const answer = new Promise<T>((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = (e: MessageEvent) => resolve(e.data as T)
    worker.postMessage(message, [channel.port2])
  })
  return Promise.race([answer, late])
}
