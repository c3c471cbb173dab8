CREATE TABLE `failed_refunds` (
	`refund_id` text PRIMARY KEY NOT NULL,
	`payment_intent` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`action` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
