// What a person sees for each of their devices (issue 41: "Chrome on Android"): the browser and
// the system, read from the User-Agent of the request that saved the subscription. Only names a
// person recognises; never a version or anything finer (the row keeps "browser|system", nothing else).

/** Most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\/|HeadlessChrome\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
]
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

const first = (list: [RegExp, string][], ua: string) => list.find(([re]) => re.test(ua))?.[1] ?? ''

/** "browser|system" for the row (either part empty when unknown), or null when neither is known. */
export function deviceLabel(userAgent: string | undefined): string | null {
  const ua = (userAgent ?? '').slice(0, 512)
  const browser = first(BROWSERS, ua)
  const system = first(SYSTEMS, ua)
  return browser || system ? `${browser}|${system}` : null
}

/** The row's label as the list gives it. */
export function labelParts(label: string | null): { browser: string | null; system: string | null } {
  const [browser = '', system = ''] = (label ?? '').split('|')
  return { browser: browser || null, system: system || null }
}
