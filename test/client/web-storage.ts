/**
 * A page's Web Storage (localStorage, sessionStorage), which workerd has not: an in-memory
 * `Storage` for the client modules tests run here (the browser's API, not a store of ours).
 */
export function pageStorage(): Storage {
  const m = new Map<string, string>()
  return {
    get length() {
      return m.size
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  }
}
