ALTER TABLE `push_subscriptions` ADD `session_expires_at` integer;--> statement-breakpoint
ALTER TABLE `push_subscriptions` ADD `timezone` text;--> statement-breakpoint
ALTER TABLE `push_subscriptions` ADD `label` text;--> statement-breakpoint
-- Devices saved before this change: their session's end is unknown, so the longest a session
-- lives (30 days, 'keep me connected') from the save bounds them (docs/decisions/060).
UPDATE `push_subscriptions` SET `session_expires_at` = `created_at` + 2592000000 WHERE `session_expires_at` IS NULL;
