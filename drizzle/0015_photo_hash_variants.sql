-- drizzle-kit splits an expression index at its commas; the index lines are fixed by hand to what db/schema.ts declares.
ALTER TABLE `ad_images` ADD `phash_variants` text;--> statement-breakpoint
CREATE INDEX `ad_images_phash_view_band0_idx` ON `ad_images` (substr("phash", 1, 5));--> statement-breakpoint
CREATE INDEX `ad_images_phash_view_band1_idx` ON `ad_images` (substr("phash", 6, 5));--> statement-breakpoint
CREATE INDEX `ad_images_phash_view_band2_idx` ON `ad_images` (substr("phash", 11, 6));--> statement-breakpoint
CREATE INDEX `ad_images_c95_band0_idx` ON `ad_images` (substr("phash_variants", 1, 5));--> statement-breakpoint
CREATE INDEX `ad_images_c95_band1_idx` ON `ad_images` (substr("phash_variants", 6, 5));--> statement-breakpoint
CREATE INDEX `ad_images_c95_band2_idx` ON `ad_images` (substr("phash_variants", 11, 6));--> statement-breakpoint
CREATE INDEX `ad_images_c90_band0_idx` ON `ad_images` (substr("phash_variants", 17, 5));--> statement-breakpoint
CREATE INDEX `ad_images_c90_band1_idx` ON `ad_images` (substr("phash_variants", 22, 5));--> statement-breakpoint
CREATE INDEX `ad_images_c90_band2_idx` ON `ad_images` (substr("phash_variants", 27, 6));--> statement-breakpoint
CREATE INDEX `ad_images_c85_band0_idx` ON `ad_images` (substr("phash_variants", 33, 5));--> statement-breakpoint
CREATE INDEX `ad_images_c85_band1_idx` ON `ad_images` (substr("phash_variants", 38, 5));--> statement-breakpoint
CREATE INDEX `ad_images_c85_band2_idx` ON `ad_images` (substr("phash_variants", 43, 6));--> statement-breakpoint
CREATE INDEX `ad_images_c80_band0_idx` ON `ad_images` (substr("phash_variants", 49, 5));--> statement-breakpoint
CREATE INDEX `ad_images_c80_band1_idx` ON `ad_images` (substr("phash_variants", 54, 5));--> statement-breakpoint
CREATE INDEX `ad_images_c80_band2_idx` ON `ad_images` (substr("phash_variants", 59, 6));