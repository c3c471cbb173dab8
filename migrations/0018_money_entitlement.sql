ALTER TABLE `stripe_actions` ADD `failed_at` integer;--> statement-breakpoint
ALTER TABLE `stripe_actions` ADD `lease_until` integer;--> statement-breakpoint
CREATE INDEX `stripe_actions_target_idx` ON `stripe_actions` (`target`);--> statement-breakpoint
ALTER TABLE `transactions` ADD `credit_cents` integer;