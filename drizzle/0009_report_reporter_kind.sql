ALTER TABLE `ad_reports` ADD `reporter_kind` text DEFAULT 'visitor' NOT NULL;--> statement-breakpoint
-- Reports made before this migration: signed-in ones get the kind the rule would have given them then
-- (the owner, an account at least 7 days old at the time, or a new one); anonymous ones stay 'visitor'.
UPDATE `ad_reports` SET `reporter_kind` = CASE
  WHEN CAST(substr(`reporter`, 3) AS INTEGER) = (SELECT `user_id` FROM `ads` WHERE `ads`.`id` = `ad_reports`.`ad_id`) THEN 'owner'
  WHEN EXISTS (SELECT 1 FROM `users` WHERE `users`.`id` = CAST(substr(`reporter`, 3) AS INTEGER) AND `users`.`created_at` <= `ad_reports`.`created_at` - 604800000) THEN 'account'
  ELSE 'new_account'
END WHERE `reporter` LIKE 'u:%';
