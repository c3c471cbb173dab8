ALTER TABLE `admin_notifications` ADD `level` text DEFAULT 'info' NOT NULL;--> statement-breakpoint
ALTER TABLE `in_app_notifications` ADD `delivery_id` integer REFERENCES notification_deliveries(id);--> statement-breakpoint
CREATE UNIQUE INDEX `in_app_notifications_delivery_uq` ON `in_app_notifications` (`delivery_id`);