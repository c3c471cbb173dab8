/**
 * A route's or post's cover picture, decorative (the title says what it is), at SPEC §9's 19:11.
 * On its own page it is the largest paint on a phone, so it is fetched before the scripts; in a
 * list it waits until it is near the screen.
 */
export function Cover({
  src,
  on,
  className,
  testId,
}: {
  src: string
  on: 'page' | 'card'
  className: string
  testId: string
}) {
  const size = on === 'page' ? { width: 1520, height: 880 } : { width: 760, height: 440 }
  const fetching =
    on === 'page' ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const }
  return <img className={className} src={src} alt="" {...size} {...fetching} data-testid={testId} />
}
