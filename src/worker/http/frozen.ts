/**
 * Values kept per isolate and handed out to every request as they are (http/person-cache.ts
 * `personal`): frozen, deeply, instead of cloned on every hit (a structured clone per hit was
 * a seventh of a warm `/v1/rewards`, issue 21). `Frozen<T>` keeps code that would change them
 * from compiling, and the freeze makes it fail at run time (tests included) instead of
 * changing the next request's answer.
 */

/** A kept value as handed out: read-only all the way down. */
export type Frozen<T> = T extends Date | ((...args: never[]) => unknown)
  ? T
  : T extends ReadonlyMap<infer K, infer V>
    ? ReadonlyMap<K, Frozen<V>>
    : T extends ReadonlySet<infer V>
      ? ReadonlySet<Frozen<V>>
      : T extends object
        ? { readonly [K in keyof T]: Frozen<T[K]> }
        : T

/**
 * `value` with every object and array in it frozen, and what its maps and sets hold (a Map itself
 * cannot be frozen: its type, ReadonlyMap, keeps `set` away). Typed arrays cannot be, and are left.
 * An object already frozen is taken as frozen all through (which also ends a cycle): loaders
 * return fresh rows, never values frozen elsewhere.
 */
export function deepFreeze<T>(value: T): Frozen<T> {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value) && !ArrayBuffer.isView(value)) {
    Object.freeze(value)
    const inside = value instanceof Map || value instanceof Set ? value.values() : Object.values(value)
    for (const v of inside) deepFreeze(v)
  }
  return value as Frozen<T>
}
