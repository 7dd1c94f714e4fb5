CREATE TABLE "sso_logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"browser_hash" text NOT NULL,
	"company_id" uuid NOT NULL,
	"entry" text NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sso_logins_browser_hash_unique" UNIQUE("browser_hash")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "sso" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "external_source" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_logins_expiry" ON "sso_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_sso_segment" ON "companies" USING btree (("sso"->>'segment'));