CREATE TABLE `ad_saves` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ad_id` integer NOT NULL,
	`saver` text(80) NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ad_id`) REFERENCES `ads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ad_saves_ad_saver_idx` ON `ad_saves` (`ad_id`,`saver`);--> statement-breakpoint
CREATE INDEX `ad_saves_ad_created_idx` ON `ad_saves` (`ad_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `favourites` (
	`user_id` integer NOT NULL,
	`ad_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ad_id`) REFERENCES `ads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `favourites_user_ad_idx` ON `favourites` (`user_id`,`ad_id`);--> statement-breakpoint
CREATE TABLE `saved_searches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`query` text(500) NOT NULL,
	`alerted_until` integer NOT NULL,
	`last_sent_day` text(10),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_searches_user_query_idx` ON `saved_searches` (`user_id`,`query`);--> statement-breakpoint
CREATE INDEX `ads_published_idx` ON `ads` (`published_at`);--> statement-breakpoint
-- Written by hand: an ad is news ('Recém-chegados', the search alerts) when it goes public after payment
-- or moderation — inserted active, or moved to active from anything but a pause (un-pausing is not
-- news). A trigger, so no code path that makes an ad public can forget it. An insert that names its
-- own time (the demo seed) keeps it.
CREATE TRIGGER `ads_published_after_insert` AFTER INSERT ON `ads` WHEN NEW.`status` = 'active' AND NEW.`published_at` IS NULL BEGIN
	UPDATE `ads` SET `published_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER) WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `ads_published_after_status` AFTER UPDATE OF `status` ON `ads`
WHEN NEW.`status` = 'active' AND OLD.`status` NOT IN ('active', 'paused') BEGIN
	UPDATE `ads` SET `published_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER) WHERE `id` = NEW.`id`;
END;
