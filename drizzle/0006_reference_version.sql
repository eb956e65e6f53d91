-- The public pages list the active categories, subcategories and cities on every request. Each web
-- worker keeps them in memory as long as this version is unchanged: the triggers bump it on any change,
-- so an admin's edit in one worker is seen by the others at their next request.
CREATE TABLE `reference_version` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `reference_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `categories_reference_version_after_insert` AFTER INSERT ON `categories` BEGIN
	UPDATE `reference_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_reference_version_after_update` AFTER UPDATE ON `categories` BEGIN
	UPDATE `reference_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_reference_version_after_delete` AFTER DELETE ON `categories` BEGIN
	UPDATE `reference_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `subcategories_reference_version_after_insert` AFTER INSERT ON `subcategories` BEGIN
	UPDATE `reference_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `subcategories_reference_version_after_update` AFTER UPDATE ON `subcategories` BEGIN
	UPDATE `reference_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `subcategories_reference_version_after_delete` AFTER DELETE ON `subcategories` BEGIN
	UPDATE `reference_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cities_reference_version_after_insert` AFTER INSERT ON `cities` BEGIN
	UPDATE `reference_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cities_reference_version_after_update` AFTER UPDATE ON `cities` BEGIN
	UPDATE `reference_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cities_reference_version_after_delete` AFTER DELETE ON `cities` BEGIN
	UPDATE `reference_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
