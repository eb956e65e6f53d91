-- The public lists filter and sort by price since 0004 (price range, lowest/highest first), so a price
-- change moves an ad between cached totals too: the listing version must go up with it, or a price-range
-- total stays stale until the count cache's one-minute backstop.
DROP TRIGGER `ads_listing_version_after_update`;
--> statement-breakpoint
CREATE TRIGGER `ads_listing_version_after_update` AFTER UPDATE OF status, expiration_date, id_city, category_id, subcategory_id, ad_type, title, description, price_cents ON `ads` BEGIN
	UPDATE `ads_listing_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
