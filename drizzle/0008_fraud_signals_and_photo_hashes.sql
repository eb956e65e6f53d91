ALTER TABLE `ad_images` ADD `phash` text(16);--> statement-breakpoint
ALTER TABLE `ads` ADD `fraud_signals` text;