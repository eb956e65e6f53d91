CREATE TABLE `conversations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ad_id` integer,
	`ad_title` text(200) NOT NULL,
	`ad_price_cents` integer,
	`ad_removed_at` integer,
	`buyer_id` integer,
	`seller_id` integer,
	`buyer_unread` integer DEFAULT 0 NOT NULL,
	`seller_unread` integer DEFAULT 0 NOT NULL,
	`last_message_text` text(1000) DEFAULT '' NOT NULL,
	`last_message_sender_id` integer,
	`last_message_at` integer NOT NULL,
	`reported_at` integer,
	`reported_by_id` integer,
	`report_reason` text(500),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_ad_buyer_idx` ON `conversations` (`ad_id`,`buyer_id`);--> statement-breakpoint
CREATE INDEX `conversations_buyer_inbox_idx` ON `conversations` (`buyer_id`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `conversations_seller_inbox_idx` ON `conversations` (`seller_id`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `conversations_buyer_unread_idx` ON `conversations` (`buyer_id`,`buyer_unread`) WHERE buyer_unread > 0;--> statement-breakpoint
CREATE INDEX `conversations_seller_unread_idx` ON `conversations` (`seller_id`,`seller_unread`) WHERE seller_unread > 0;--> statement-breakpoint
CREATE INDEX `conversations_ad_removed_idx` ON `conversations` (`ad_removed_at`) WHERE ad_removed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `conversations_reported_idx` ON `conversations` (`reported_at`) WHERE reported_at IS NOT NULL;--> statement-breakpoint
CREATE TABLE `message_blocks` (
	`blocker_id` integer NOT NULL,
	`blocked_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_blocks_blocked_idx` ON `message_blocks` (`blocked_id`,`blocker_id`);--> statement-breakpoint
CREATE TABLE `message_drafts` (
	`token` text(64) PRIMARY KEY NOT NULL,
	`ad_id` integer NOT NULL,
	`text` text(1000) NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ad_id`) REFERENCES `ads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_drafts_created_idx` ON `message_drafts` (`created_at`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` integer NOT NULL,
	`sender_id` integer,
	`text` text(1000) NOT NULL,
	`read_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `messages_conversation_idx` ON `messages` (`conversation_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_sender_idx` ON `messages` (`sender_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `message_emails` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `messages_suspended_at` integer;--> statement-breakpoint
-- An ad removed (by its owner, an admin or the daily job) leaves its conversations with its last title and
-- price and the time it went, deleted 90 days later by the daily job (models/message/retention.server.ts).
CREATE TRIGGER `conversations_after_ad_delete` AFTER DELETE ON `ads` BEGIN
  UPDATE `conversations` SET `ad_id` = NULL, `ad_title` = OLD.`title`, `ad_price_cents` = OLD.`price_cents`,
    `ad_removed_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER)
  WHERE `ad_id` = OLD.`id`;
END;
