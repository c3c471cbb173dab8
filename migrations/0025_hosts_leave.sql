PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_appointments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` text,
	`guest_id` integer NOT NULL,
	`host_id` integer,
	`status` integer DEFAULT 1 NOT NULL,
	`meeting_channel` integer,
	`meeting_link` text,
	`meeting_indications` text,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`confirmed_by_guest_at` integer,
	`confirmed_by_host_at` integer,
	`cancellation_reason` integer,
	`cancellation_reason_text` text,
	`cancelled_at` integer,
	`cancelled_by` integer,
	`closed_at` integer,
	`reminder_sent_at` integer,
	`reminder_hour_sent_at` integer,
	`moves` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`guest_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`cancelled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "appointments_end_after_start" CHECK(end_at > start_at)
);
--> statement-breakpoint
INSERT INTO `__new_appointments`("id", "event_id", "guest_id", "host_id", "status", "meeting_channel", "meeting_link", "meeting_indications", "start_at", "end_at", "price_cents", "confirmed_by_guest_at", "confirmed_by_host_at", "cancellation_reason", "cancellation_reason_text", "cancelled_at", "cancelled_by", "closed_at", "reminder_sent_at", "reminder_hour_sent_at", "moves", "created_at", "updated_at") SELECT "id", "event_id", "guest_id", "host_id", "status", "meeting_channel", "meeting_link", "meeting_indications", "start_at", "end_at", "price_cents", "confirmed_by_guest_at", "confirmed_by_host_at", "cancellation_reason", "cancellation_reason_text", "cancelled_at", "cancelled_by", "closed_at", "reminder_sent_at", "reminder_hour_sent_at", "moves", "created_at", "updated_at" FROM `appointments`;--> statement-breakpoint
DROP TABLE `appointments`;--> statement-breakpoint
ALTER TABLE `__new_appointments` RENAME TO `appointments`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `appointments_guest_start_idx` ON `appointments` (`guest_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `appointments_host_start_idx` ON `appointments` (`host_id`,`start_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `appointments_host_live_slot_uq` ON `appointments` (`host_id`,`start_at`) WHERE status IN (1, 2);--> statement-breakpoint
CREATE INDEX `appointments_live_end_idx` ON `appointments` (`end_at`) WHERE status IN (1, 2);