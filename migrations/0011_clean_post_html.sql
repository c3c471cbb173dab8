-- Post HTML safe by construction (issue 20 §4, src/worker/lib/html.ts). SQL cannot sanitise HTML,
-- so every existing row starts at html_version 0 ("not cleaned yet"): the minute cron
-- (src/worker/cron/clean-html.ts) runs each such body through the allowlist and marks it with
-- the current HTML_POLICY_VERSION, and until then a reader only ever gets the body sanitised at
-- read time. Editors' saves store sanitised bodies with the current version.
ALTER TABLE `posts` ADD `html_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `posts_html_version_idx` ON `posts` (`html_version`);
