/** Set while progress made offline waits in IndexedDB (./outbox.ts), so other loads skip the lookup (./register.ts). */
export const OUTBOX_FLAG = 'calma_outbox'
