ALTER TABLE `refund_requests` ADD `resolved_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `item` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `period_start_at` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `stripe_event_at` integer;--> statement-breakpoint
ALTER TABLE `transactions` ADD `payment_intent` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `item` text;