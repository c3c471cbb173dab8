-- Issue 22: a year of activity inside D1's 10 GB. The retention job rolls each person's active
-- days older than 60 days into one row a month (days active, days frozen, points) and deletes
-- them; the reward counts add the months to the days still kept (features/engagement). The
-- running ranking total (user_engagement.points, migration 0013) is not touched: it has no
-- trigger on delete, and the months are written without one. WITHOUT ROWID: the key is the
-- row (no second copy of it in an index), about 20 bytes a person and month.
CREATE TABLE `activity_months` (
	`user_id` integer NOT NULL,
	`month` text NOT NULL,
	`active_days` integer DEFAULT 0 NOT NULL,
	`frozen_days` integer DEFAULT 0 NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `month`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
-- Email deliveries of a large notice are mailed by the calma-fanout consumer of their block
-- (features/notifications/notifications.fanout.ts), the small ones and the best-moment ones by
-- the minute cron: a mail carries the delivery it is for, unique, so a delivery written by both,
-- or by a redelivered block, is one mail (NULL for every other mail: NULLs never collide).
ALTER TABLE `email_outbox` ADD `delivery_id` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_delivery_uq` ON `email_outbox` (`delivery_id`);
