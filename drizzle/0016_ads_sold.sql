ALTER TABLE `ads` ADD `sold_at` integer;--> statement-breakpoint
ALTER TABLE `ads` ADD `sold_here` integer;