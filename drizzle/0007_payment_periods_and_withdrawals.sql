CREATE TABLE `charge_withdrawals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`gateway_payment_id` text NOT NULL,
	`payment_id` integer NOT NULL,
	`ad_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`done_at` integer,
	`paid_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `charge_withdrawals_gatewayPaymentId_unique` ON `charge_withdrawals` (`gateway_payment_id`);--> statement-breakpoint
CREATE TABLE `gateway_throttle` (
	`gateway` text PRIMARY KEY NOT NULL,
	`backoff_until` integer,
	`window_start` integer NOT NULL,
	`window_calls` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `pays_until` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_due_reason` text;--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`status`);--> statement-breakpoint
-- Open charges made before periods were recorded buy their ad's current expiration (what they quoted).
UPDATE `payments` SET `pays_until` = (SELECT `expiration_date` FROM `ads` WHERE `ads`.`id` = `payments`.`ad_id`) WHERE `status` IN ('pending', 'overdue');
