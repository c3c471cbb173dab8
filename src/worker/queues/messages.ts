// What the Worker's queues carry (wrangler.toml; docs/decisions/025-queues-and-scale.md). Ids
// only, never a person's data: a message is small (the queue's limit is 128 KB) and a retry
// reads the current rows.

/** calma-mail and calma-mail-dead: outbox ids, at most 100 (one provider call). */
export interface MailMessage {
  ids: number[]
}

/**
 * calma-fanout. `block`: one block of a claimed notice's audience, people with ids in
 * [from, to] (or the explicit `receivers` of the block); the consumer writes their deliveries
 * (INSERT OR IGNORE), the in-app rows of the ones due now, and pushes to each person's channel.
 * `push`: in-app notifications to push to their owners' channels (the cron's due deliveries).
 */
export type FanoutMessage =
  | {
      kind: 'block'
      notification: number
      from: number
      to: number
      receivers: number[] | null
      moments: Record<string, number>
      at: number
    }
  | { kind: 'push'; inApp: number[] }
  /** Push deliveries of a notice to send to each person's devices (src/worker/push/deliver.ts), at most 100. */
  | { kind: 'devices'; deliveries: number[] }

export const QUEUES = { mail: 'calma-mail', mailDead: 'calma-mail-dead', fanout: 'calma-fanout' } as const
