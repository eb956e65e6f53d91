CREATE TABLE `ad_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ad_id` integer NOT NULL,
	`url` text NOT NULL,
	`public_id` text NOT NULL,
	`width` integer,
	`height` integer,
	`is_primary` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ad_id`) REFERENCES `ads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ad_images_publicId_unique` ON `ad_images` (`public_id`);--> statement-breakpoint
CREATE INDEX `ad_images_ad_idx` ON `ad_images` (`ad_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `ads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text(200) NOT NULL,
	`description` text(1000) NOT NULL,
	`price_cents` integer,
	`ad_cost_cents` integer DEFAULT 0 NOT NULL,
	`condition` text DEFAULT 'Usado' NOT NULL,
	`status` text DEFAULT 'pending_payment' NOT NULL,
	`user_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	`subcategory_id` integer,
	`characteristics` text DEFAULT '{}' NOT NULL,
	`ad_type` text DEFAULT 'Vender' NOT NULL,
	`expiration_date` integer NOT NULL,
	`phone` text(20),
	`whatsapp` text(20),
	`city` text(30) NOT NULL,
	`id_city` integer NOT NULL,
	`state` text(2) NOT NULL,
	`zip_code` text(9),
	`views` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`subcategory_id`) REFERENCES `subcategories`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`id_city`) REFERENCES `cities`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ads_public_views_idx` ON `ads` (`status`,`views`);--> statement-breakpoint
CREATE INDEX `ads_public_city_idx` ON `ads` (`status`,`id_city`,`views`);--> statement-breakpoint
CREATE INDEX `ads_public_category_idx` ON `ads` (`status`,`category_id`,`views`);--> statement-breakpoint
CREATE INDEX `ads_public_subcategory_idx` ON `ads` (`status`,`subcategory_id`,`views`);--> statement-breakpoint
CREATE INDEX `ads_public_type_idx` ON `ads` (`status`,`ad_type`,`views`);--> statement-breakpoint
CREATE INDEX `ads_owner_idx` ON `ads` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ads_created_idx` ON `ads` (`created_at`);--> statement-breakpoint
CREATE TABLE `ai_usage` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`month` text(7) NOT NULL,
	`gemini_calls` integer DEFAULT 0 NOT NULL,
	`openai_calls` integer DEFAULT 0 NOT NULL,
	`total_calls` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ai_usage_user_month_idx` ON `ai_usage` (`user_id`,`month`);--> statement-breakpoint
CREATE TABLE `auth_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_attempts_key_idx` ON `auth_attempts` (`key`,`created_at`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text(100) NOT NULL,
	`label` text,
	`description` text,
	`icon` text DEFAULT 'home' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_unique` ON `categories` (`name`);--> statement-breakpoint
CREATE TABLE `characteristics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text(100) NOT NULL,
	`label` text(100) NOT NULL,
	`label_value_default` text,
	`helper` text,
	`data_type` text DEFAULT 'text' NOT NULL,
	`options` text,
	`min_value` real,
	`max_value` real,
	`char_limit` integer,
	`is_required` integer DEFAULT false NOT NULL,
	`category_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `characteristics_category_name_idx` ON `characteristics` (`category_id`,`name`);--> statement-breakpoint
CREATE TABLE `cities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text(30) NOT NULL,
	`state` text(2) NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`state`) REFERENCES `states`(`code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cities_name_state_idx` ON `cities` (`name`,`state`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ad_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`asaas_payment_id` text,
	`asaas_customer_id` text,
	`amount_cents` integer NOT NULL,
	`payment_method` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`asaas_status` text,
	`payment_url` text,
	`pix_qr_code` text,
	`pix_qr_code_id` text,
	`due_date` integer,
	`confirmed_date` integer,
	`description` text,
	`metadata` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ad_id`) REFERENCES `ads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_asaasPaymentId_unique` ON `payments` (`asaas_payment_id`);--> statement-breakpoint
CREATE INDEX `payments_ad_idx` ON `payments` (`ad_id`);--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`persistent` integer DEFAULT false NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text(100) NOT NULL,
	`value` text NOT NULL,
	`description` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settings_key_unique` ON `settings` (`key`);--> statement-breakpoint
CREATE TABLE `states` (
	`code` text(2) PRIMARY KEY NOT NULL,
	`name` text(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subcategories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text(100) NOT NULL,
	`description` text,
	`category_id` integer NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subcategories_category_name_idx` ON `subcategories` (`category_id`,`name`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text(50) NOT NULL,
	`email` text(255) NOT NULL,
	`password` text,
	`full_name` text,
	`phone` text(20),
	`is_admin` integer DEFAULT false NOT NULL,
	`google_id` text,
	`avatar` text,
	`provider` text DEFAULT 'local' NOT NULL,
	`reset_token` text,
	`reset_token_expires` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_googleId_unique` ON `users` (`google_id`);