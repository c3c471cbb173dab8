ALTER TABLE `email_outbox` ADD `batch_key` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `lease_until` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `lease_token` text;--> statement-breakpoint
CREATE INDEX `email_outbox_batch_idx` ON `email_outbox` (`batch_key`);