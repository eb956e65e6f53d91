-- drizzle-kit splits an expression index at its commas; the index lines are written by hand with what db/schema.ts declares.
ALTER TABLE `ad_images` ADD `phash_variants` text;--> statement-breakpoint
CREATE INDEX `ad_images_c95_band0_idx` ON `ad_images` (substr("phash_variants", 1, 4));--> statement-breakpoint
CREATE INDEX `ad_images_c95_band1_idx` ON `ad_images` (substr("phash_variants", 5, 4));--> statement-breakpoint
CREATE INDEX `ad_images_c95_band2_idx` ON `ad_images` (substr("phash_variants", 9, 4));--> statement-breakpoint
CREATE INDEX `ad_images_c95_band3_idx` ON `ad_images` (substr("phash_variants", 13, 4));--> statement-breakpoint
CREATE INDEX `ad_images_c90_band0_idx` ON `ad_images` (substr("phash_variants", 17, 4));--> statement-breakpoint
CREATE INDEX `ad_images_c90_band1_idx` ON `ad_images` (substr("phash_variants", 21, 4));--> statement-breakpoint
CREATE INDEX `ad_images_c90_band2_idx` ON `ad_images` (substr("phash_variants", 25, 4));--> statement-breakpoint
CREATE INDEX `ad_images_c90_band3_idx` ON `ad_images` (substr("phash_variants", 29, 4));--> statement-breakpoint
CREATE INDEX `ad_images_c85_band0_idx` ON `ad_images` (substr("phash_variants", 33, 4));--> statement-breakpoint
CREATE INDEX `ad_images_c85_band1_idx` ON `ad_images` (substr("phash_variants", 37, 4));--> statement-breakpoint
CREATE INDEX `ad_images_c85_band2_idx` ON `ad_images` (substr("phash_variants", 41, 4));--> statement-breakpoint
CREATE INDEX `ad_images_c85_band3_idx` ON `ad_images` (substr("phash_variants", 45, 4));--> statement-breakpoint
CREATE INDEX `ad_images_c80_band0_idx` ON `ad_images` (substr("phash_variants", 49, 4));--> statement-breakpoint
CREATE INDEX `ad_images_c80_band1_idx` ON `ad_images` (substr("phash_variants", 53, 4));--> statement-breakpoint
CREATE INDEX `ad_images_c80_band2_idx` ON `ad_images` (substr("phash_variants", 57, 4));--> statement-breakpoint
CREATE INDEX `ad_images_c80_band3_idx` ON `ad_images` (substr("phash_variants", 61, 4));