CREATE TABLE `conversation_readings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer,
	`conversation_id` integer NOT NULL,
	`read_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `conversation_readings_read_idx` ON `conversation_readings` (`read_at`);