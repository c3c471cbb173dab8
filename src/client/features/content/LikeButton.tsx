import { useState } from 'react'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'

const { likeRoute, routeStats } = contract(() => import('#shared/contract/likes'))

/**
 * The route's like (SPEC §7 note: the state flips first, then the toggle call, then the stats
 * call). A visitor is sent to sign in and comes back here. A failed toggle puts the heart back.
 */
export function LikeButton({
  routeId,
  slug,
  liked: initialLiked,
  likes: initialLikes,
}: {
  routeId: number
  slug: string
  liked: boolean
  likes: number
}) {
  const { t, href, boot } = usePage()
  const [liked, setLiked] = useState(initialLiked)
  const [likes, setLikes] = useState(initialLikes)
  const [busy, setBusy] = useState(false)

  async function toggle() {
    if (!boot.user) {
      window.location.assign(href('login', { query: { redirect: window.location.pathname } }))
      return
    }
    if (busy) return
    const before = { liked, likes }
    setLiked(!liked)
    setLikes(likes + (liked ? -1 : 1))
    setBusy(true)
    const res = await call(likeRoute, { input: { route_id: routeId } })
    if (!res.success) {
      setLiked(before.liked)
      setLikes(before.likes)
      setBusy(false)
      return
    }
    const stats = await call(routeStats, { input: { route: slug }, silent: true })
    setBusy(false)
    if (stats.success) {
      setLiked(stats.liked_by_me)
      setLikes(stats.route.stats.likes)
    } else {
      setLiked(res.liked)
      setLikes(res.stats.likes)
    }
  }

  return (
    <button
      type="button"
      className={`like-button${liked ? ' liked' : ''}`}
      aria-pressed={liked}
      onClick={toggle}
      data-testid="like-button"
    >
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span> {t('route_page.like')}
      {/* The number is seen; the sentence is heard (an aria-label on a span is not HTML: issue 42 §11). */}
      <span className="like-count" data-testid="like-count" aria-hidden="true">
        {likes}
      </span>
      <span className="visually-hidden">{t('route_page.likes', { n: likes })}</span>
    </button>
  )
}
