CREATE TABLE `recommendation_routes` (
	`recommendation_id` integer NOT NULL,
	`route_id` integer NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`recommendation_id`, `route_id`),
	FOREIGN KEY (`recommendation_id`) REFERENCES `recommendations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`route_id`) REFERENCES `routes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recommendation_routes_route_idx` ON `recommendation_routes` (`route_id`);--> statement-breakpoint
CREATE TABLE `recommendations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`appointment_id` integer NOT NULL,
	`host_id` integer,
	`user_id` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recommendations_appointment_uq` ON `recommendations` (`appointment_id`);--> statement-breakpoint
CREATE INDEX `recommendations_user_idx` ON `recommendations` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `recommendations_host_user_idx` ON `recommendations` (`host_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `safety_plans` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`warning_signs` text NOT NULL,
	`coping` text NOT NULL,
	`distractions` text NOT NULL,
	`people` text NOT NULL,
	`professionals` text NOT NULL,
	`environment` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
