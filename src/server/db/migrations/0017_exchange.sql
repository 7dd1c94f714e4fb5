CREATE TABLE "exchange_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"travel_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"search_id" uuid NOT NULL,
	"journey" jsonb NOT NULL,
	"offer" jsonb NOT NULL,
	"cabin" text NOT NULL,
	"exchange_fees" integer NOT NULL,
	"price_delta" integer NOT NULL,
	"total_price" integer NOT NULL,
	"status" text NOT NULL,
	"new_product_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"section_id" text NOT NULL,
	"journeys" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exchange_offers" ADD CONSTRAINT "exchange_offers_product_id_travel_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."travel_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_offers" ADD CONSTRAINT "exchange_offers_travel_id_travels_id_fk" FOREIGN KEY ("travel_id") REFERENCES "public"."travels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_offers" ADD CONSTRAINT "exchange_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_offers" ADD CONSTRAINT "exchange_offers_search_id_exchange_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."exchange_searches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_searches" ADD CONSTRAINT "exchange_searches_product_id_travel_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."travel_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_searches" ADD CONSTRAINT "exchange_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_offers_product" ON "exchange_offers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "exchange_searches_created" ON "exchange_searches" USING btree ("created_at");