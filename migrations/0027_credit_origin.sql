ALTER TABLE `failed_refunds` ADD `refund_at` integer;--> statement-breakpoint
ALTER TABLE `failed_refunds` ADD `failed_at` integer;