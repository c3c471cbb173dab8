// "Download the whole route" (issue 42 §4; docs/decisions/064-*.md): this person chose it for
// this route on this device, so the units that unlock later follow it when the route page is
// opened online (features/playback/RouteUnits.tsx). A device's choice in localStorage; removing a
// download by hand, a logout and an erasure forget it (ProfileDownloads, ./register.ts).

const wholeRouteKey = (user: number, route: number) => `calma.whole-route.${user}.${route}`
/** This person chose "download the whole route" for this route on this device. */
export function keepWholeRoute(user: number, route: number) {
  try {
    localStorage.setItem(wholeRouteKey(user, route), '1')
  } catch {
    // private mode: the units that unlock later are downloaded by hand
  }
}
/** A download removed by hand: nothing more of that route (or of any, without one) follows by itself. */
export function forgetWholeRoute(user: number, route?: number) {
  try {
    const prefix = `calma.whole-route.${user}.`
    for (const key of Object.keys(localStorage))
      if (route === undefined ? key.startsWith(prefix) : key === wholeRouteKey(user, route))
        localStorage.removeItem(key)
  } catch {
    // private mode: nothing was kept
  }
}
export function wholeRouteKept(user: number, route: number): boolean {
  try {
    return localStorage.getItem(wholeRouteKey(user, route)) === '1'
  } catch {
    return false
  }
}
