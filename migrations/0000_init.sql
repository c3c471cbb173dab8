CREATE TABLE `activity_days` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `activity_days_user_day_uq` ON `activity_days` (`user_id`,`day`);--> statement-breakpoint
CREATE INDEX `activity_days_day_idx` ON `activity_days` (`day`);--> statement-breakpoint
CREATE TABLE `admin_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`receivers` text,
	`send_at` integer,
	`language` text,
	`channel` text DEFAULT 'in_app' NOT NULL,
	`role_recipients` integer,
	`readers_only` integer DEFAULT false NOT NULL,
	`delay_amount` integer,
	`delay_unit` text,
	`at_best_moment` integer DEFAULT false NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`content` text,
	`sent_at` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `admin_notifications_status_send_idx` ON `admin_notifications` (`status`,`send_at`);--> statement-breakpoint
CREATE TABLE `appointments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` text,
	`guest_id` integer NOT NULL,
	`host_id` integer NOT NULL,
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
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`guest_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cancelled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "appointments_end_after_start" CHECK(end_at > start_at)
);
--> statement-breakpoint
CREATE INDEX `appointments_guest_start_idx` ON `appointments` (`guest_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `appointments_host_start_idx` ON `appointments` (`host_id`,`start_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `appointments_host_live_slot_uq` ON `appointments` (`host_id`,`start_at`) WHERE status IN (1, 2);--> statement-breakpoint
CREATE TABLE `callback_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`preferred_time` text NOT NULL,
	`user_id` integer,
	`locale` text,
	`handled_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `callback_requests_created_idx` ON `callback_requests` (`created_at`);--> statement-breakpoint
CREATE TABLE `consent_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`session_id` text,
	`kind` text NOT NULL,
	`version` text,
	`text` text,
	`granted` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `consent_records_user_idx` ON `consent_records` (`user_id`);--> statement-breakpoint
CREATE TABLE `contact_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`reason` text NOT NULL,
	`message` text NOT NULL,
	`user_id` integer,
	`locale` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `contact_requests_created_idx` ON `contact_requests` (`created_at`);--> statement-breakpoint
CREATE TABLE `content_stats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_stats_target_uq` ON `content_stats` (`target_type`,`target_id`);--> statement-breakpoint
CREATE TABLE `credit_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`reference` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `credit_ledger_user_idx` ON `credit_ledger` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `credit_ledger_reason_reference_uq` ON `credit_ledger` (`reason`,`reference`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`html` text,
	`text` text,
	`template` text,
	`locale` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_id` text,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_status_created_idx` ON `email_outbox` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`usage_frequency` integer,
	`problem_to_solve` text,
	`problem_solved` text,
	`best_part` text,
	`frustrations` text,
	`improvements` text,
	`recommendation_score` integer,
	`recommendation_reason` text,
	`ideas_or_suggestions` text,
	`price_feedback` text,
	`user_id` integer,
	`locale` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "feedback_recommendation_score_range" CHECK(recommendation_score IS NULL OR recommendation_score BETWEEN 1 AND 10),
	CONSTRAINT "feedback_usage_frequency_range" CHECK(usage_frequency IS NULL OR usage_frequency BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE INDEX `feedback_created_idx` ON `feedback` (`created_at`);--> statement-breakpoint
CREATE TABLE `files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text,
	`type` text NOT NULL,
	`tag` text,
	`size` integer DEFAULT 0 NOT NULL,
	`r2_key` text NOT NULL,
	`content_type` text,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `files_r2_key_unique` ON `files` (`r2_key`);--> statement-breakpoint
CREATE INDEX `files_type_tag_idx` ON `files` (`type`,`tag`);--> statement-breakpoint
CREATE TABLE `in_app_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`notification_id` integer,
	`locale` text,
	`level` text DEFAULT 'info' NOT NULL,
	`type` text,
	`close_after` integer,
	`title` text NOT NULL,
	`description` text,
	`content` text,
	`read_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`notification_id`) REFERENCES `admin_notifications`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `in_app_notifications_user_idx` ON `in_app_notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `in_app_notifications_locale_idx` ON `in_app_notifications` (`locale`,`created_at`);--> statement-breakpoint
CREATE TABLE `likes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `likes_user_target_uq` ON `likes` (`user_id`,`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `likes_target_idx` ON `likes` (`target_type`,`target_id`);--> statement-breakpoint
CREATE TABLE `notification_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`notification_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`channel` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`due_at` integer,
	`sent_at` integer,
	`read_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`notification_id`) REFERENCES `admin_notifications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_deliveries_uq` ON `notification_deliveries` (`notification_id`,`user_id`,`channel`);--> statement-breakpoint
CREATE INDEX `notification_deliveries_user_idx` ON `notification_deliveries` (`user_id`);--> statement-breakpoint
CREATE INDEX `notification_deliveries_status_due_idx` ON `notification_deliveries` (`status`,`due_at`);--> statement-breakpoint
CREATE TABLE `plan_assignments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`plan_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`assigned_by` integer,
	`assigned_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assigned_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plan_assignments_plan_user_uq` ON `plan_assignments` (`plan_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `plan_assignments_user_idx` ON `plan_assignments` (`user_id`,`assigned_at`);--> statement-breakpoint
CREATE TABLE `plan_routes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`plan_id` integer NOT NULL,
	`route_id` integer NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`waiting_time_hours` integer DEFAULT 0 NOT NULL,
	`need_appointment` integer DEFAULT false NOT NULL,
	`need_finished_appointment` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`route_id`) REFERENCES `routes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plan_routes_plan_route_uq` ON `plan_routes` (`plan_id`,`route_id`);--> statement-breakpoint
CREATE INDEX `plan_routes_plan_order_idx` ON `plan_routes` (`plan_id`,`order`);--> statement-breakpoint
CREATE INDEX `plan_routes_route_idx` ON `plan_routes` (`route_id`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`language` text DEFAULT 'es' NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`images` text,
	`visibility` integer DEFAULT 1 NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`timeout_hours` integer,
	`accessibility` text,
	`category` text,
	`next_plan_id` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`next_plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plans_slug_language_uq` ON `plans` (`slug`,`language`);--> statement-breakpoint
CREATE INDEX `plans_language_status_idx` ON `plans` (`language`,`status`);--> statement-breakpoint
CREATE TABLE `post_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`language` text DEFAULT 'es' NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `post_categories_slug_language_uq` ON `post_categories` (`slug`,`language`);--> statement-breakpoint
CREATE TABLE `post_correlations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`related_post_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`related_post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "post_correlations_not_self" CHECK(post_id <> related_post_id)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `post_correlations_pair_uq` ON `post_correlations` (`post_id`,`related_post_id`);--> statement-breakpoint
CREATE INDEX `post_correlations_related_idx` ON `post_correlations` (`related_post_id`);--> statement-breakpoint
CREATE TABLE `post_routes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`route_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`route_id`) REFERENCES `routes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `post_routes_pair_uq` ON `post_routes` (`post_id`,`route_id`);--> statement-breakpoint
CREATE INDEX `post_routes_route_idx` ON `post_routes` (`route_id`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`language` text DEFAULT 'es' NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`content` text,
	`status` integer DEFAULT 1 NOT NULL,
	`tag` text,
	`tags` text,
	`quality` integer,
	`time_for_reading` integer,
	`category_id` integer,
	`author` text,
	`index` integer DEFAULT true NOT NULL,
	`images` text,
	`audios` text,
	`videos` text,
	`published_at` integer,
	`created_by` integer,
	`deleted_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `post_categories`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `posts_slug_language_uq` ON `posts` (`slug`,`language`);--> statement-breakpoint
CREATE INDEX `posts_language_status_published_idx` ON `posts` (`language`,`status`,`published_at`);--> statement-breakpoint
CREATE TABLE `properties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`value` text,
	`description` text,
	`updated_by` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `properties_key_unique` ON `properties` (`key`);--> statement-breakpoint
CREATE TABLE `psychologist_availability` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`host_id` integer NOT NULL,
	`weekday` integer NOT NULL,
	`start_minute` integer NOT NULL,
	`end_minute` integer NOT NULL,
	`slot_minutes` integer DEFAULT 60 NOT NULL,
	`timezone` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "psychologist_availability_weekday" CHECK(weekday BETWEEN 0 AND 6),
	CONSTRAINT "psychologist_availability_range" CHECK(start_minute >= 0 AND end_minute <= 1440 AND start_minute < end_minute AND slot_minutes > 0)
);
--> statement-breakpoint
CREATE INDEX `psychologist_availability_host_idx` ON `psychologist_availability` (`host_id`,`weekday`);--> statement-breakpoint
CREATE TABLE `ranking_snapshots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`day` text NOT NULL,
	`user_id` integer NOT NULL,
	`position` integer NOT NULL,
	`position_change` integer DEFAULT 0 NOT NULL,
	`points` integer NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ranking_snapshots_day_user_uq` ON `ranking_snapshots` (`day`,`user_id`);--> statement-breakpoint
CREATE INDEX `ranking_snapshots_day_position_idx` ON `ranking_snapshots` (`day`,`position`);--> statement-breakpoint
CREATE TABLE `rate_windows` (
	`key` text PRIMARY KEY NOT NULL,
	`last_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `refund_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`transaction_id` integer,
	`reason` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`resolved_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `refund_requests_user_idx` ON `refund_requests` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `rewards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`type_title` text NOT NULL,
	`type_description` text,
	`description` text,
	`criteria` text,
	`level_id` integer NOT NULL,
	`level_title` text NOT NULL,
	`category` text NOT NULL,
	`threshold` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rewards_key_level_uq` ON `rewards` (`key`,`level_id`);--> statement-breakpoint
CREATE TABLE `route_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`language` text DEFAULT 'es' NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `route_categories_slug_language_uq` ON `route_categories` (`slug`,`language`);--> statement-breakpoint
CREATE TABLE `route_symptoms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`route_id` integer NOT NULL,
	`symptom_id` integer NOT NULL,
	`is_primary` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`route_id`) REFERENCES `routes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`symptom_id`) REFERENCES `symptoms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `route_symptoms_route_symptom_uq` ON `route_symptoms` (`route_id`,`symptom_id`);--> statement-breakpoint
CREATE INDEX `route_symptoms_symptom_idx` ON `route_symptoms` (`symptom_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `route_symptoms_one_primary_uq` ON `route_symptoms` (`route_id`) WHERE is_primary = 1;--> statement-breakpoint
CREATE TABLE `routes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`language` text DEFAULT 'es' NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`seo_title` text,
	`seo_description` text,
	`tag` text,
	`category_id` integer,
	`order` integer DEFAULT 0 NOT NULL,
	`needs_appointment` integer DEFAULT false NOT NULL,
	`properties` text,
	`images` text,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `route_categories`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `routes_slug_language_uq` ON `routes` (`slug`,`language`);--> statement-breakpoint
CREATE INDEX `routes_language_status_order_idx` ON `routes` (`language`,`status`,`order`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`payload` text,
	`received_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`applied_at` integer
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`title` text NOT NULL,
	`type` integer DEFAULT 1 NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`interval` text,
	`stripe_subscription_id` text,
	`end_at` integer,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_stripe_subscription_id_unique` ON `subscriptions` (`stripe_subscription_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `suggestions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text,
	`user_id` integer,
	`text` text NOT NULL,
	`search_keyword` text,
	`locale` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `suggestions_created_idx` ON `suggestions` (`created_at`);--> statement-breakpoint
CREATE TABLE `symptoms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`language` text DEFAULT 'es' NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`seo_title` text,
	`seo_description` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `symptoms_slug_language_uq` ON `symptoms` (`slug`,`language`);--> statement-breakpoint
CREATE INDEX `symptoms_language_status_idx` ON `symptoms` (`language`,`status`);--> statement-breakpoint
CREATE TABLE `tracking_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`user_id` integer,
	`event` text NOT NULL,
	`page` text,
	`params` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `tracking_events_session_idx` ON `tracking_events` (`session_id`);--> statement-breakpoint
CREATE INDEX `tracking_events_event_created_idx` ON `tracking_events` (`event`,`created_at`);--> statement-breakpoint
CREATE TABLE `tracking_sessions` (
	`session_id` text PRIMARY KEY NOT NULL,
	`user_id` integer,
	`utm_source` text,
	`utm_medium` text,
	`utm_campaign` text,
	`utm_term` text,
	`utm_content` text,
	`utm_device` text,
	`utm_version` text,
	`utm_agency` text,
	`utm_category` text,
	`utm_fbc` text,
	`utm_fbp` text,
	`pathname` text,
	`event_source_url` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`last_seen_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `tracking_sessions_user_idx` ON `tracking_sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `tracking_sessions_created_idx` ON `tracking_sessions` (`created_at`);--> statement-breakpoint
CREATE TABLE `transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`kind` text NOT NULL,
	`provider` text DEFAULT 'stripe' NOT NULL,
	`provider_ref` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`description` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `transactions_user_idx` ON `transactions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_provider_ref_uq` ON `transactions` (`provider`,`provider_ref`);--> statement-breakpoint
CREATE TABLE `translation_misses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`locale` text NOT NULL,
	`text` text NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`first_seen` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`last_seen` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `translation_misses_locale_text_uq` ON `translation_misses` (`locale`,`text`);--> statement-breakpoint
CREATE TABLE `unit_progress` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`unit_id` integer NOT NULL,
	`position_seconds` integer DEFAULT 0 NOT NULL,
	`completed_at` integer,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`unit_id`) REFERENCES `units`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `unit_progress_user_unit_uq` ON `unit_progress` (`user_id`,`unit_id`);--> statement-breakpoint
CREATE INDEX `unit_progress_unit_idx` ON `unit_progress` (`unit_id`);--> statement-breakpoint
CREATE TABLE `units` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`route_id` integer NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`kind` text DEFAULT 'audio' NOT NULL,
	`media_key` text,
	`cover_key` text,
	`duration_seconds` integer,
	`credits_creator` text,
	`credits_dubbing` text,
	`credits_interpretation` text,
	`credits_author` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`route_id`) REFERENCES `routes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `units_route_order_idx` ON `units` (`route_id`,`order`);--> statement-breakpoint
CREATE TABLE `user_rewards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`reward_id` integer NOT NULL,
	`acquired_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`claimed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reward_id`) REFERENCES `rewards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_rewards_user_reward_uq` ON `user_rewards` (`user_id`,`reward_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text,
	`email` text,
	`password_hash` text,
	`google_id` text,
	`apple_id` text,
	`role` integer DEFAULT 1 NOT NULL,
	`subscriber` integer DEFAULT false NOT NULL,
	`avatar` text,
	`language` text DEFAULT 'es' NOT NULL,
	`app_language` text,
	`country_code` text,
	`phone` text,
	`timezone` text,
	`notification_channels` text,
	`notification_push_token` text,
	`perfect_time_to_send_notifications` text,
	`is_a_email_reader` integer DEFAULT false NOT NULL,
	`preferred_psychologist_id` integer,
	`stripe_id` text,
	`razor_pay_id` text,
	`free_access_until` integer,
	`psychologist_open_to_get_appointment` integer DEFAULT false NOT NULL,
	`specialist_in_symptoms` text,
	`specialized_in_the_category` text,
	`speaks_in` text,
	`nationality` text,
	`located_at` text,
	`degree` text,
	`consent_text` text,
	`consent_version` text,
	`consented_at` integer,
	`legal_age_confirmed_at` integer,
	`notifications_disabled_at` integer,
	`deleted_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`preferred_psychologist_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_id_unique` ON `users` (`google_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_apple_id_unique` ON `users` (`apple_id`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);--> statement-breakpoint
CREATE INDEX `users_stripe_id_idx` ON `users` (`stripe_id`);