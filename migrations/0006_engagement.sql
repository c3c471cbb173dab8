CREATE TABLE `user_engagement` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`last_day` text,
	`current_streak` integer DEFAULT 0 NOT NULL,
	`longest_streak` integer DEFAULT 0 NOT NULL,
	`freezes` integer DEFAULT 0 NOT NULL,
	`ranking_hidden` integer DEFAULT false NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `activity_days` ADD `frozen` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `admin_notifications` ADD `copy` text;