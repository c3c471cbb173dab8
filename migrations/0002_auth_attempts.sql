CREATE TABLE `auth_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`account` text NOT NULL,
	`address` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_attempts_account_idx` ON `auth_attempts` (`kind`,`account`,`at`);--> statement-breakpoint
CREATE INDEX `auth_attempts_address_idx` ON `auth_attempts` (`kind`,`address`,`at`);