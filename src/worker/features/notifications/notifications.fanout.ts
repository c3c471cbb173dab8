// A notice to many people through Cloudflare Queues (issue 22; docs/SCALING.md "Notification
// fan-out"). The minute cron claims a due notice once and turns its audience into blocks of
// people (user id ranges, or slices of its explicit receivers); a notice that fits one block is
// written in the same run, a larger one goes out as one calma-fanout message per block. Each
// block's consumer writes the block's deliveries (INSERT OR IGNORE), the in-app rows of the ones
// due now, and pushes them to each person's channel: no statement, run or object grows with the
// number of people, and a message delivered twice writes nothing twice.
import type { Ctx } from '#worker/context'
import type { Db } from '#worker/db/client'
import type { Env } from '#worker/env'
import type { FanoutMessage } from '#worker/queues/messages'
import * as repo from './notifications.repo'
import * as blockRepo from './notifications.fanout.repo'
import { deliverInApp, mailNotices } from './deliver'
import { DEFAULT_CLOSE_AFTER_MS, isBroadcast, parseReceivers } from './notifications.shape'
import { connectionSlots, deliverPushes, queueBlockPushes } from '#worker/push/deliver'

/** People per block: one INSERT … SELECT of at most this many rows (well inside D1's per-query limits). */
export const FANOUT_BLOCK = 10_000
/** Explicit receivers per block (they travel in the message). */
export const RECEIVERS_PER_BLOCK = 1_000
/** Per-person realtime pushes one message makes (each an RPC); the rest read their unread list on connect. */
export const PUSHES_PER_MESSAGE = 500
/** Email deliveries one step of a block mails (rendered, written and enqueued together): a block of 10,000 is 20 steps. */
export const MAILS_PER_STEP = 500
/** SPEC §9: a toast shows 5 s unless it says otherwise (the same as notifications.service). */

export type Block = { from: number; to: number; receivers: number[] | null }

/** The blocks of an audience: slices of the explicit receivers, or id ranges over every user. */
export async function blocksOf(db: Db, receivers: number[] | null): Promise<Block[]> {
  if (receivers) {
    const sorted = [...new Set(receivers)].sort((a, b) => a - b)
    const blocks: Block[] = []
    for (let i = 0; i < sorted.length; i += RECEIVERS_PER_BLOCK) {
      const slice = sorted.slice(i, i + RECEIVERS_PER_BLOCK)
      blocks.push({ from: slice[0]!, to: slice[slice.length - 1]!, receivers: slice })
    }
    return blocks
  }
  const { lo, hi } = await blockRepo.userIdRange(db)
  const blocks: Block[] = []
  for (let from = lo; from <= hi; from += FANOUT_BLOCK)
    blocks.push({ from, to: Math.min(hi, from + FANOUT_BLOCK - 1), receivers: null })
  return blocks
}

/**
 * Write one block: deliveries, then (in-app) the in-app rows of those due now, pushed to their
 * owners unless `broadcast` (a broadcast reaches the public channels once, not each person), or
 * (email) the mails of those due now. Answers the deliveries written, the in-app rows to push and
 * the mails written.
 */
export async function writeAndDeliverBlock(
  ctx: Ctx,
  n: repo.NotificationRow,
  block: Block,
  moments: Record<string, number>,
  at: number,
  broadcast: boolean,
) {
  const { env, db } = ctx
  const written = await blockRepo.writeBlock(db, n, block.receivers, block.from, block.to, moments, at)
  // Delivered now (never at the message's `at`): a redelivered block finds nothing of its own to push.
  const toPush =
    n.channel === 'in_app'
      ? await blockRepo.deliverBlock(
          db,
          n.id,
          block.from,
          block.to,
          Math.max(at, Date.now()),
          DEFAULT_CLOSE_AFTER_MS,
          broadcast ? 0 : PUSHES_PER_MESSAGE,
        )
      : []
  const mailed = n.channel === 'email' ? await mailBlock(ctx, n.id, block, Math.max(at, Date.now())) : 0
  // Web Push (issue 34 §1): the block's due push deliveries go to the queue, 100 a message (src/worker/push).
  if (n.channel === 'push') await queueBlockPushes(env, n.id, block.from, block.to, Math.max(at, Date.now()))
  return { written, toPush, mailed }
}

/**
 * The block's email deliveries due by `now`, in steps of MAILS_PER_STEP: each step renders the
 * mails, writes them to the outbox (one per delivery, unique) and marks those deliveries sent in
 * one transaction, then puts the new ids on calma-mail. So a notice's mail is limited by the
 * queue and the provider, not by the minute cron (which claims 2,000 a minute; issue 22).
 * Exactly once: a delivery is sent exactly when its mail is in the outbox; a block run twice, or
 * the cron taking the same delivery, finds it sent or its mail there (the insert adds nothing).
 * A failed enqueue leaves the mail pending for the cron (resendStranded). Answers the mails written.
 */
export async function mailBlock(ctx: Ctx, notificationId: number, block: Block, now: number) {
  const { env, db, linkBase: base } = ctx
  let mailed = 0
  // Bounded: a block holds at most FANOUT_BLOCK people; each step takes the ones still pending.
  for (let step = 0; step <= FANOUT_BLOCK / MAILS_PER_STEP; step++) {
    const due = await repo.blockEmailDue(db, notificationId, block.from, block.to, now, MAILS_PER_STEP)
    if (!due.length) break
    const targets = due.filter((d): d is typeof d & { email: string } => d.email !== null)
    // Deliveries with nobody to mail (no address, notifications off) are done too.
    const ids = await mailNotices(env, base, targets, now, [
      repo.markDeliveriesSent(
        due.map((d) => d.id),
        now,
      ),
    ])
    mailed += ids.length
    if (due.length < MAILS_PER_STEP) break
  }
  return mailed
}

/** Enqueue a claimed notice's blocks, 100 messages a send (the queue's limit). */
export async function enqueueBlocks(
  env: Env,
  n: repo.NotificationRow,
  blocks: Block[],
  moments: Record<string, number>,
  at: number,
) {
  const messages = blocks.map((b) => ({
    body: {
      kind: 'block',
      notification: n.id,
      from: b.from,
      to: b.to,
      receivers: b.receivers,
      moments,
      at,
    } satisfies FanoutMessage,
  }))
  for (const batch of queueBatches(messages)) await env.FANOUT_QUEUE.sendBatch(batch)
}

/** What one sendBatch may carry: 100 messages and 256 KB in all (kept under 200 KB here). */
const BATCH_MESSAGES = 100
const BATCH_BYTES = 200_000

/**
 * Messages cut into sends the queue accepts: 100 blocks of 1,000 explicit receivers are about
 * 700 KB, past the 256 KB a sendBatch may carry (the enqueue failed and the claim was given
 * back, every minute: found by bench:scale with an email notice to 100,000 people).
 */
export function queueBatches<T extends { body: unknown }>(messages: T[]): T[][] {
  const batches: T[][] = []
  let current: T[] = []
  let bytes = 0
  for (const m of messages) {
    const size = JSON.stringify(m.body).length + 100
    if (current.length && (current.length === BATCH_MESSAGES || bytes + size > BATCH_BYTES)) {
      batches.push(current)
      current = []
      bytes = 0
    }
    current.push(m)
    bytes += size
  }
  if (current.length) batches.push(current)
  return batches
}

/** Enqueue per-person pushes of in-app rows (the cron's due deliveries): 500 a message. */
export async function enqueuePushes(env: Env, inAppIds: number[]) {
  const messages: { body: FanoutMessage }[] = []
  for (let i = 0; i < inAppIds.length; i += PUSHES_PER_MESSAGE)
    messages.push({ body: { kind: 'push', inApp: inAppIds.slice(i, i + PUSHES_PER_MESSAGE) } })
  for (const batch of queueBatches(messages)) await env.FANOUT_QUEUE.sendBatch(batch)
}

/**
 * The calma-fanout consumer. A block of a notice that is no longer claimed (a bad row) writes
 * nothing; a failure retries that message only (with backoff), the others are acknowledged.
 */
export async function fanOutBlocks(ctx: Ctx, batch: MessageBatch<FanoutMessage>) {
  const { env, db } = ctx
  // A batch's push messages go side by side (their D1 rounds and encryption overlap the others'
  // sends), sharing the invocation's connections; blocks and in-app pushes one after the other,
  // first (issue 43 §4, docs/decisions/074).
  const connections = connectionSlots()
  const devices: Promise<void>[] = []
  for (const message of batch.messages) {
    if (message.body.kind === 'devices') devices.push(handle(message))
    else await handle(message)
  }
  await Promise.all(devices)

  async function handle(message: Message<FanoutMessage>) {
    try {
      const body = message.body
      if (body.kind === 'block') {
        const n = await repo.findNotification(db, body.notification)
        if (!n || n.status !== 'sent') {
          message.ack()
          return
        }
        const { toPush } = await writeAndDeliverBlock(
          ctx,
          n,
          { from: body.from, to: body.to, receivers: body.receivers },
          body.moments,
          body.at,
          isBroadcast(n, parseReceivers(n.receivers)),
        )
        await deliverInApp(env, toPush)
      } else if (body.kind === 'devices') {
        await deliverPushes(env, body.deliveries, Date.now(), connections)
      } else if (body.kind === 'push') {
        await deliverInApp(env, await repo.inAppByIds(db, body.inApp))
      }
      message.ack()
    } catch (err) {
      console.warn(
        `fan-out message ${message.id} failed (try ${message.attempts}), retried: ${err instanceof Error ? err.message : String(err)}`,
      )
      message.retry({ delaySeconds: Math.min(300, 5 * 2 ** Math.max(0, message.attempts - 1)) })
    }
  }
}
