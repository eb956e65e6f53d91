-- Views and contacts per ad and São Paulo day (models/ad/daily-stats.server.ts). WITHOUT ROWID: the
-- (ad, day) key is the only way it is read, ~30 bytes a row.
CREATE TABLE `ad_daily_stats` (
	`ad_id` integer NOT NULL,
	`day` text(10) NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`contacts` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`ad_id`, `day`),
	FOREIGN KEY (`ad_id`) REFERENCES `ads`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
ALTER TABLE `ads` ADD `published_at` integer;--> statement-breakpoint
CREATE INDEX `ads_public_published_idx` ON `ads` (`status`,`id_city`,`published_at`,`expiration_date`);--> statement-breakpoint
-- Ads published before the column: the time of their last paid payment, else their creation. Ads that
-- never went public (awaiting payment, rejected, in the queue) stay null.
UPDATE `ads` SET `published_at` = coalesce(
	(SELECT max(coalesce(`confirmed_date`, `updated_at`)) FROM `payments` WHERE `payments`.`ad_id` = `ads`.`id` AND `payments`.`status` IN ('confirmed', 'received')),
	`created_at`
) WHERE `status` IN ('active', 'paused');
