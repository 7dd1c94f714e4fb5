CREATE TABLE "approval_recipients" (
	"approval_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"visible_from" timestamp with time zone NOT NULL,
	CONSTRAINT "approval_recipients_approval_id_user_id_pk" PRIMARY KEY("approval_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "approval_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"approval_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_requests" ALTER COLUMN "approver_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "round_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "kind" text DEFAULT 'regular' NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "agency_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "is_risky" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "backup_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "answer_message" text;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "chain" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "pax_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "total_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lang" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_recipients" ADD CONSTRAINT "approval_recipients_approval_id_approval_requests_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_recipients" ADD CONSTRAINT "approval_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_tokens" ADD CONSTRAINT "approval_tokens_approval_id_approval_requests_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_tokens" ADD CONSTRAINT "approval_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_recipients_user" ON "approval_recipients" USING btree ("user_id","visible_from");--> statement-breakpoint
CREATE INDEX "approval_tokens_approval" ON "approval_tokens" USING btree ("approval_id","user_id");--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_round" ON "approval_requests" USING btree ("round_id");--> statement-breakpoint
-- Requests recorded before this migration: their company, agency, figures and inbox entries.
UPDATE "approval_requests" a SET "agency_id" = t."agency_id", "company_id" = t."company_id",
  "starts_at" = (SELECT min(p."starts_at") FROM "travel_products" p WHERE p."travel_id" = a."travel_id"),
  "total_amount" = coalesce((SELECT sum(p."price") FROM "travel_products" p WHERE p."travel_id" = a."travel_id"), 0),
  "backup_at" = CASE WHEN a."backup_approver_id" IS NULL THEN NULL ELSE a."requested_at" + (a."time_limit" - a."requested_at") / 2 END
FROM "travels" t WHERE t."id" = a."travel_id";--> statement-breakpoint
INSERT INTO "approval_recipients" ("approval_id", "user_id", "role", "visible_from")
  SELECT "id", "approver_id", 'main', "requested_at" FROM "approval_requests" WHERE "approver_id" IS NOT NULL
  UNION ALL
  SELECT "id", "backup_approver_id", 'backup', "backup_at" FROM "approval_requests" WHERE "backup_approver_id" IS NOT NULL AND "backup_approver_id" <> "approver_id"
ON CONFLICT DO NOTHING;
