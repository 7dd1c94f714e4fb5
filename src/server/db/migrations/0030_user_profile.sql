ALTER TABLE "users" ADD COLUMN "city_of_birth" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_country" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "accessibility" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "preferred_lang" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_travelers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "special_fares" jsonb DEFAULT '[]'::jsonb NOT NULL;