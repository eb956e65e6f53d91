CREATE TABLE `ad_price_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ad_id` integer NOT NULL,
	`old_price_cents` integer,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`ad_id`) REFERENCES `ads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ad_price_changes_ad_idx` ON `ad_price_changes` (`ad_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `price_drop_mails` (
	`ad_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`day` text(10) NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`ad_id`) REFERENCES `ads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_drop_mails_ad_user_day_idx` ON `price_drop_mails` (`ad_id`,`user_id`,`day`);--> statement-breakpoint
ALTER TABLE `ads` ADD `previous_price_cents` integer;--> statement-breakpoint
ALTER TABLE `ads` ADD `price_dropped_at` integer;--> statement-breakpoint
CREATE INDEX `ads_price_dropped_idx` ON `ads` (`price_dropped_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `price_drop_alerts` integer DEFAULT true NOT NULL;