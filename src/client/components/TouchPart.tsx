import { lazy, memo, Suspense, useEffect, useRef, type ComponentType } from 'react'

/**
 * A part of a page nobody acts on as it opens (the cookie banner, the chart of check-ins, the push
 * switch, the devices list, a download button): painted by the server, its code fetched and its
 * React hydrated at the person's first touch, key, focus or wheel anywhere on the page (issue 43
 * §1, docs/decisions/069-*.md), as a visitor's whole page is (decision 062). Until then the
 * server's HTML stays as it is (React keeps a suspended boundary's HTML while it hydrates the
 * rest), so the page loads and evaluates less before it is used.
 * - A press on the part before its code is there (a tap's click comes before the chunk arrives)
 *   is held and given again once the part has hydrated, as entry.tsx does for a page.
 * - `now(props)` (read in the browser): the part is needed at once (the banner when the kept choice
 *   lets a vendor run: the vendors load from its effect).
 * - The part's props must not change before it hydrates (React would then drop the server's HTML
 *   for the fallback): it is memoized, so a parent's render with the same props is no change.
 * On the server the part renders inside the page's shell (preloadTouchParts, below).
 */
export function untilTouched<P extends object>(
  load: () => Promise<ComponentType<P>>,
  now?: (props: P) => boolean,
): ComponentType<P> {
  let force = () => {}
  const forced = new Promise<void>((resolve) => (force = resolve))
  // The part's code, asked for once: at the first touch (or when needed at once), from the part's
  // mount effect, not when React reaches the boundary. React hydrates a suspended boundary in a
  // later pass, after the page's commit: waiting for it put the chunk a round trip later.
  let code: Promise<ComponentType<P>> | null = null
  let ServerPart: ComponentType<P> | null = null
  if (typeof window === 'undefined')
    SERVER_PARTS.push(() =>
      load().then(
        (Part) => void (ServerPart = Part),
        () => undefined, // rendered through `Lazy` then, as a later segment (below)
      ),
    )
  const fetchCode = () => (code ??= Promise.race([firstTouch(), forced]).then(() => whenLoaded(load)))
  const Lazy = lazy(async () => {
    const Part = typeof window === 'undefined' ? await load() : await fetchCode()
    return { default: (props: P & { onHydrated: () => void }) => <Hydrated Part={Part} {...props} /> }
  })
  return memo(function TouchPart(props: P) {
    if (typeof window !== 'undefined' && now?.(props)) force()
    const box = useRef<HTMLDivElement>(null)
    const waiting = useRef<Waiting | null>(null)
    useEffect(() => {
      const el = box.current
      if (!el || waiting.current) return
      const w: Waiting = { el, held: [] }
      waiting.current = w
      WAITING.add(w)
      // Presses on the part are held from now on, not from when React reaches its boundary (after
      // the page's commit): entry.tsx gives a visitor's early press again right after that commit
      // (the page's own effects run after this one), and React drops a click on a boundary it
      // cannot hydrate yet (the banner's 'reject' was lost so, decision 071).
      holdPresses()
      void fetchCode()
      return () => void WAITING.delete(w)
    }, [])
    const hydrated = () => {
      const w = waiting.current
      if (!w) return
      WAITING.delete(w)
      for (const again of w.held.splice(0)) again()
    }
    return (
      <div ref={box} className="touch-part">
        <Suspense fallback={null}>
          {ServerPart ? (
            <Hydrated Part={ServerPart} {...props} onHydrated={hydrated} />
          ) : (
            <Lazy {...props} onHydrated={hydrated} />
          )}
        </Suspense>
      </div>
    )
  }) as unknown as ComponentType<P>
}

/** The server's loads of every part defined so far (a page's parts are defined when its module loads). */
const SERVER_PARTS: (() => Promise<void>)[] = []
const serverLoads: Promise<void>[] = []
/**
 * On the server, before a render (ssr/render.tsx): the code of every part defined so far, loaded
 * once per isolate. A part whose `lazy` first resolved during the render was written after the
 * page's shell, as a hidden segment that React's inline script moves into place up to ~300 ms after
 * the first paint (React batches reveals): the browser then laid the whole page out a second time
 * after its first paint (~130 ms of main thread at a phone's speed on the home page, measured in a
 * chromium trace; issue 43 §1). Loaded first, the part is in the shell: one layout, before the paint.
 * In the browser nothing changes: the boundary still waits for the first touch.
 */
export async function preloadTouchParts(): Promise<void> {
  // Until no new part appears: a part's own module may define parts of its own.
  do {
    while (serverLoads.length < SERVER_PARTS.length) serverLoads.push(SERVER_PARTS[serverLoads.length]!())
    await Promise.all(serverLoads)
  } while (serverLoads.length < SERVER_PARTS.length)
}

/**
 * The part's code, however long it takes. A chunk that cannot be fetched (the network went just
 * after the touch, and no service worker keeps it) must not throw where React renders the part:
 * with no boundary to catch it, React would drop the whole page for nothing (an empty screen, seen
 * in e2e pwa-owner offline). The part keeps the server's HTML instead, and its code is asked for
 * again when the browser is back online (Chrome keeps a failed module fetch for the page's life:
 * there the part stays as drawn until the next page; a browser that fetches again gets it then).
 */
async function whenLoaded<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load()
    } catch {
      await new Promise((resolve) => addEventListener('online', resolve, { once: true }))
    }
  }
}

function Hydrated<P extends object>({
  Part,
  onHydrated,
  ...props
}: { Part: ComponentType<P>; onHydrated: () => void } & P) {
  // After the part's own effects: its listeners are there when a held press is given again.
  useEffect(() => void setTimeout(onHydrated, 0), [onHydrated])
  return <Part {...(props as unknown as P)} />
}

interface Waiting {
  el: HTMLElement
  held: (() => void)[]
}
const WAITING = new Set<Waiting>()
const CONTROLS = 'button, input, label, select, summary, [role=button], a[data-action]'

/** The first signs of a person acting (entry.tsx's, and the page's loader notes one made before). */
const WAKE = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const
let holding = false
/** A press on a part still waiting (its code on the way after the touch): held until it has hydrated. */
function holdPresses() {
  if (holding) return
  holding = true
  addEventListener('click', hold, true)
  addEventListener('submit', hold, true)
}

let touched: Promise<void> | null = null
function firstTouch(): Promise<void> {
  return (touched ??= new Promise<void>((resolve) => {
    holdPresses()
    if ((window as { __calmaTouched?: boolean }).__calmaTouched) return resolve()
    const opts = { capture: true, passive: true }
    const go = () => {
      for (const type of WAKE) removeEventListener(type, go, opts)
      resolve()
    }
    for (const type of WAKE) addEventListener(type, go, opts)
  }))
}

function hold(e: Event) {
  const target = e.target as Node | null
  if (!target) return
  // A control's press (a plain link navigates as it always does).
  const el = e.type === 'click' ? (target as Element).closest?.(CONTROLS) : null
  if (e.type === 'click' && !el) return
  for (const w of WAITING) {
    if (!w.el.contains(target)) continue
    e.preventDefault()
    e.stopImmediatePropagation()
    if (e.type === 'submit') {
      const form = e.target as HTMLFormElement
      const by = (e as SubmitEvent).submitter
      w.held.push(() => form.requestSubmit(by && form.contains(by) ? by : undefined))
    } else {
      w.held.push(() => (el as HTMLElement).click())
    }
    return
  }
}
