// The Worker's queue handler (issue 22): one consumer per queue of wrangler.toml, by name.
import { asJob } from '#worker/context'
import { countedD1, d1DelayOf, type D1Rounds } from '#worker/db/rounds'
import { peopleChanged } from '#worker/http/person-cache'
import type { Env } from '#worker/env'
import { buryDeadMail, sendQueuedMail } from '#worker/mail/consumer'
import { fanOutBlocks } from '#worker/features/notifications/notifications.fanout'
import { QUEUES, type FanoutMessage, type MailMessage } from './messages'

export async function handleQueue(batch: MessageBatch<unknown>, env: Env) {
  // A preview or staging deploy may name its queues with a suffix: match on the name's start.
  const name = batch.queue
  if (name.startsWith(QUEUES.mailDead)) return buryDeadMail(env, batch as MessageBatch<MailMessage>)
  if (name.startsWith(QUEUES.mail)) return sendQueuedMail(env, batch as MessageBatch<MailMessage>)
  if (name.startsWith(QUEUES.fanout)) {
    // Notices written into people's rows: their cached rows are dropped (http/person-cache.ts).
    // Mail delivery writes no person's rows.
    const count: D1Rounds = { rounds: 0, calls: 0, wrote: false, changed: false }
    try {
      return await asJob({ ...env, DB: countedD1(env.DB, count, undefined, d1DelayOf(env)) }, (ctx) =>
        fanOutBlocks(ctx, batch as MessageBatch<FanoutMessage>),
      )
    } finally {
      if (count.changed) await peopleChanged(env)
    }
  }
  console.warn(`no consumer for queue "${name}"; ${batch.messages.length} message(s) acknowledged`)
  batch.ackAll()
}
