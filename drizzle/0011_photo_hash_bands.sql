-- drizzle-kit splits an expression index at its commas; these lines are written by hand with what db/schema.ts declares.
CREATE INDEX `ad_images_phash_band0_idx` ON `ad_images` (substr("phash", 1, 4));--> statement-breakpoint
CREATE INDEX `ad_images_phash_band1_idx` ON `ad_images` (substr("phash", 5, 4));--> statement-breakpoint
CREATE INDEX `ad_images_phash_band2_idx` ON `ad_images` (substr("phash", 9, 4));--> statement-breakpoint
CREATE INDEX `ad_images_phash_band3_idx` ON `ad_images` (substr("phash", 13, 4));