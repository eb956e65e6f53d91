-- Keyword search over ads (title + description) that ignores case and accents, plus a change counter
-- for the public listing's cached totals. Written by hand (drizzle-kit generate --custom): Drizzle's
-- schema cannot describe FTS5 tables or triggers. See docs/decisions/004-ad-search-and-counts.md.

-- External-content FTS5 index: the text lives in `ads`, the index keeps only the tokens.
-- unicode61 with remove_diacritics 2 folds case and accents, so "eletronicos" matches "eletrônicos".
CREATE VIRTUAL TABLE `ads_fts` USING fts5(
	title,
	description,
	content = 'ads',
	content_rowid = 'id',
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `ads_fts_after_insert` AFTER INSERT ON `ads` BEGIN
	INSERT INTO `ads_fts` (rowid, title, description) VALUES (new.id, new.title, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `ads_fts_after_delete` AFTER DELETE ON `ads` BEGIN
	INSERT INTO `ads_fts` (`ads_fts`, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
END;
--> statement-breakpoint
CREATE TRIGGER `ads_fts_after_update` AFTER UPDATE OF title, description ON `ads` BEGIN
	INSERT INTO `ads_fts` (`ads_fts`, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
	INSERT INTO `ads_fts` (rowid, title, description) VALUES (new.id, new.title, new.description);
END;
--> statement-breakpoint
-- Backfill the rows that existed before this migration.
INSERT INTO `ads_fts` (`ads_fts`) VALUES ('rebuild');
--> statement-breakpoint
-- One row whose `version` goes up whenever an ad enters, leaves or moves within the public listing
-- (any column a listing filters on). View counts are deliberately not watched: they change order,
-- never totals. app/models/ad.server.ts caches totals per filter under this version.
CREATE TABLE `ads_listing_version` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `ads_listing_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `ads_listing_version_after_insert` AFTER INSERT ON `ads` BEGIN
	UPDATE `ads_listing_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `ads_listing_version_after_delete` AFTER DELETE ON `ads` BEGIN
	UPDATE `ads_listing_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `ads_listing_version_after_update` AFTER UPDATE OF status, expiration_date, id_city, category_id, subcategory_id, ad_type, title, description ON `ads` BEGIN
	UPDATE `ads_listing_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
