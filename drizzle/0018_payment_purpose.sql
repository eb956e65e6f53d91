ALTER TABLE `payments` ADD `purpose` text DEFAULT 'ad' NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `purchased_days` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `extends_from` integer;--> statement-breakpoint
CREATE INDEX `payments_purpose_until_idx` ON `payments` (`purpose`,`pays_until`);