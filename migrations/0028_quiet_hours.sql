ALTER TABLE `users` ADD `quiet_from` text DEFAULT '22:00';--> statement-breakpoint
ALTER TABLE `users` ADD `quiet_until` text DEFAULT '08:00';