-- The turned views of phash_variants (views 9-16, services/photo-hash.server.ts PHOTO_VARIANTS) changed:
-- a photo's stored ones are cut off, keeping the 8 views before them (the centre crops, the mirror, the
-- frames), which did not; the start-up backfill hashes every photo cut short again.
UPDATE `ad_images` SET `phash_variants` = substr(`phash_variants`, 1, 128) WHERE length(`phash_variants`) > 128;
