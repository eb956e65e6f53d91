-- Rows counted before this migration keep their numbers under a key no e-mail hashes to: the quota of
-- the month of the upgrade starts again once (ADR 010).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_ai_usage` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quota_key` text NOT NULL,
	`user_id` integer,
	`month` text(7) NOT NULL,
	`gemini_calls` integer DEFAULT 0 NOT NULL,
	`openai_calls` integer DEFAULT 0 NOT NULL,
	`total_calls` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_ai_usage`("id", "quota_key", "user_id", "month", "gemini_calls", "openai_calls", "total_calls") SELECT "id", 'legacy-user:' || "user_id", "user_id", "month", "gemini_calls", "openai_calls", "total_calls" FROM `ai_usage`;--> statement-breakpoint
DROP TABLE `ai_usage`;--> statement-breakpoint
ALTER TABLE `__new_ai_usage` RENAME TO `ai_usage`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `ai_usage_quota_month_idx` ON `ai_usage` (`quota_key`,`month`);--> statement-breakpoint
CREATE INDEX `ai_usage_user_idx` ON `ai_usage` (`user_id`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `parent_id` text REFERENCES sessions(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `sessions_parent_idx` ON `sessions` (`parent_id`);