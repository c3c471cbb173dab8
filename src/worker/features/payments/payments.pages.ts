// Server data of 'My Subscription and Credits' (/subscription) and /subscribe (SPEC §2).
import { isMobileDevice } from '#shared/catalogue'
import { subscribePageData, subscriptionPageData, transactionsQuery } from '#shared/contract/payments'
import { loader, type LoaderArgs, type PageLoaders } from '#worker/ssr/page'
import * as checkout from './checkout.service'
import * as payments from './payments.service'

const mobileOf = ({ c }: LoaderArgs) => isMobileDevice(c.req.header('user-agent'), c.req.header('sec-ch-ua-mobile'))

/** SPEC §2 /subscribe: neither success nor error → the offer; error → error; success → thanks; anything else → unknown. */
export function subscribeView(query: Record<string, string>): 'offer' | 'success' | 'error' | 'unknown' {
  const has = (k: string) => Object.prototype.hasOwnProperty.call(query, k)
  if (!has('success') && !has('error')) return 'offer'
  if (has('success') && has('error')) return 'unknown'
  if (has('success')) return /^(1|true)$/.test(query.success ?? '') ? 'success' : 'unknown'
  return /^(1|true)$/.test(query.error ?? '') ? 'error' : 'unknown'
}

export const paymentsLoaders: PageLoaders<'subscription' | 'subscribe'> = {
  subscription: loader(subscriptionPageData, async (args) => {
    // Side by side (the history reads the balance again, in the same round): one D1 round at a
    // replica's distance, not two (issue 43 §3).
    const [mine, history] = await Promise.all([
      payments.mine(args.ctx),
      payments.history(args.ctx, transactionsQuery.parse({ per_page: '10' })),
    ])
    return {
      offer: checkout.offer(args.ctx),
      mobile: mobileOf(args),
      mine,
      transactions: history.transactions,
      pagination: history.pagination,
    }
  }),
  subscribe: loader(subscribePageData, async (args) => {
    const mine = await payments.mine(args.ctx)
    return {
      view: subscribeView(args.query),
      offer: checkout.offer(args.ctx),
      mobile: mobileOf(args),
      subscriber: mine.subscriber,
      credits: mine.credits,
    }
  }),
}
