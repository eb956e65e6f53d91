DROP INDEX `ads_public_views_idx`;--> statement-breakpoint
DROP INDEX `ads_public_city_idx`;--> statement-breakpoint
DROP INDEX `ads_public_category_idx`;--> statement-breakpoint
DROP INDEX `ads_public_subcategory_idx`;--> statement-breakpoint
DROP INDEX `ads_public_type_idx`;--> statement-breakpoint
CREATE INDEX `ads_public_views_idx` ON `ads` (`status`,`views`,`id`,`expiration_date`,`id_city`,`category_id`,`subcategory_id`,`ad_type`);--> statement-breakpoint
CREATE INDEX `ads_public_city_idx` ON `ads` (`status`,`id_city`,`views`,`id`,`expiration_date`,`category_id`,`subcategory_id`,`ad_type`);--> statement-breakpoint
CREATE INDEX `ads_public_category_idx` ON `ads` (`status`,`category_id`,`views`,`id`,`expiration_date`,`id_city`,`subcategory_id`,`ad_type`);--> statement-breakpoint
CREATE INDEX `ads_public_subcategory_idx` ON `ads` (`status`,`subcategory_id`,`views`,`id`,`expiration_date`,`id_city`,`category_id`,`ad_type`);--> statement-breakpoint
CREATE INDEX `ads_public_type_idx` ON `ads` (`status`,`ad_type`,`views`,`id`,`expiration_date`,`id_city`,`category_id`,`subcategory_id`);