CREATE TABLE `stripe_actions` (
	`key` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`target` text NOT NULL,
	`amount_cents` integer,
	`user_id` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_at` integer NOT NULL,
	`done_at` integer,
	`last_error` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stripe_actions_due_idx` ON `stripe_actions` (`done_at`,`next_at`);--> statement-breakpoint
ALTER TABLE `credit_ledger` ADD `source` text;--> statement-breakpoint
ALTER TABLE `credit_ledger` ADD `payment_key` text;--> statement-breakpoint
CREATE INDEX `credit_ledger_payment_idx` ON `credit_ledger` (`payment_key`);--> statement-breakpoint
ALTER TABLE `stripe_events` ADD `waiting_for` text;--> statement-breakpoint
CREATE INDEX `stripe_events_waiting_idx` ON `stripe_events` (`waiting_for`);--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `duplicate` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `transactions` ADD `grant_key` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `stripe_subscription_id` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill (issue 20 §1): each existing ledger row's source, and the payment key that ties a
-- grant to the payment that funded it, so a refund can reverse exactly what that payment gave.
UPDATE `credit_ledger` SET `source` = CASE
  WHEN `reason` IN ('topup', 'subscription_grant', 'refund') THEN 'payment'
  WHEN `reason` LIKE 'appointment_%' THEN 'appointment'
  WHEN `reason` = 'admin_adjustment' THEN 'admin'
  ELSE 'seed' END;--> statement-breakpoint
UPDATE `credit_ledger` SET `payment_key` = `reference` WHERE `reason` = 'topup';--> statement-breakpoint
UPDATE `credit_ledger` SET `payment_key` = CASE WHEN substr(`reference`, -2, 1) = ':' THEN substr(`reference`, 1, length(`reference`) - 2) ELSE substr(`reference`, 1, length(`reference`) - 3) END WHERE `reason` = 'subscription_grant';--> statement-breakpoint
UPDATE `transactions` SET `grant_key` = 'checkout:' || `provider_ref` WHERE `kind` = 'topup' AND `provider_ref` IS NOT NULL;
