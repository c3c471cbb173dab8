/** Set while progress made offline waits in IndexedDB (./outbox.ts), so other loads skip the lookup (./register.ts). */
export const OUTBOX_FLAG = 'calma_outbox'
/** Set while this device's reminders wait to be carried over to a new worker (./push.ts carryOver). */
export const PUSH_CARRIED = 'calma_push_carried'
