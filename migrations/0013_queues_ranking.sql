-- Issue 22: mail through Cloudflare Queues (the outbox keeps everything a retry needs until the
-- mail is sent, and dead letters an admin replays), a running points total per person so the
-- nightly ranking ranks one row per person, and snapshot days that become visible only when
-- complete (docs/decisions/025-queues-and-scale.md).
ALTER TABLE `email_outbox` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attachments` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `dead_at` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `queued_at` integer;--> statement-breakpoint
ALTER TABLE `user_engagement` ADD `points` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `user_engagement` ADD `first_day` text;--> statement-breakpoint
INSERT OR IGNORE INTO `user_engagement` (`user_id`) SELECT DISTINCT `user_id` FROM `activity_days`;--> statement-breakpoint
UPDATE `user_engagement` SET
  `points` = coalesce((SELECT sum(a.`points`) FROM `activity_days` a WHERE a.`user_id` = `user_engagement`.`user_id`), 0),
  `first_day` = (SELECT min(a.`day`) FROM `activity_days` a WHERE a.`user_id` = `user_engagement`.`user_id`);--> statement-breakpoint
CREATE INDEX `user_engagement_rank_idx` ON `user_engagement` (`points` DESC, `first_day`, `user_id`, `ranking_hidden`);--> statement-breakpoint
-- Every writer of an active day (the streak step, the seed, the benches) keeps the total: one
-- row touched per day written. Rows later dropped by retention leave the total as it was.
CREATE TRIGGER `activity_days_running_points` AFTER INSERT ON `activity_days` BEGIN
  INSERT INTO `user_engagement` (`user_id`, `points`, `first_day`) VALUES (NEW.`user_id`, NEW.`points`, NEW.`day`)
  ON CONFLICT(`user_id`) DO UPDATE SET
    `points` = `user_engagement`.`points` + NEW.`points`,
    `first_day` = CASE WHEN `user_engagement`.`first_day` IS NULL OR NEW.`day` < `user_engagement`.`first_day` THEN NEW.`day` ELSE `user_engagement`.`first_day` END;
END;--> statement-breakpoint
-- An active day whose points are rewritten (an upsert) moves the total by the difference.
CREATE TRIGGER `activity_days_running_points_update` AFTER UPDATE OF `points` ON `activity_days` BEGIN
  UPDATE `user_engagement` SET `points` = `points` + NEW.`points` - OLD.`points` WHERE `user_id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TABLE `ranking_days` (
	`day` text PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'building' NOT NULL,
	`ranked` integer DEFAULT 0 NOT NULL,
	`started_at` integer NOT NULL,
	`completed_at` integer
);--> statement-breakpoint
CREATE INDEX `ranking_days_status_day_idx` ON `ranking_days` (`status`, `day`);--> statement-breakpoint
INSERT INTO `ranking_days` (`day`, `status`, `ranked`, `started_at`, `completed_at`)
  SELECT `day`, 'complete', count(*), unixepoch() * 1000, unixepoch() * 1000 FROM `ranking_snapshots` GROUP BY `day`;
