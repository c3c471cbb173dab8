-- Mail keys unique across databases and replays that cannot send twice (issue 32 §5, decision 040):
-- key_token (the random part of a mail's Idempotency-Key; filled by 0017), keyed_at (when its key was
-- first used) and uncertain_at (since when a call under it may have been taken).
ALTER TABLE `email_outbox` ADD `key_token` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `keyed_at` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `uncertain_at` integer;