ALTER TABLE "agencies" ADD COLUMN "info" jsonb;--> statement-breakpoint
-- The block written so far was French, the source language.
UPDATE "agencies" SET "info" = jsonb_build_object('fr', jsonb_build_object('title', "info_title", 'html', "info_html")) WHERE "info_title" IS NOT NULL AND "info_html" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" DROP COLUMN "info_title";--> statement-breakpoint
ALTER TABLE "agencies" DROP COLUMN "info_html";
