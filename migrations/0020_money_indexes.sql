CREATE INDEX `transactions_payment_intent_idx` ON `transactions` (`payment_intent`);--> statement-breakpoint
CREATE INDEX `transactions_grant_key_idx` ON `transactions` (`grant_key`);