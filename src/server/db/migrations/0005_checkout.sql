CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"travel_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"approver_id" uuid NOT NULL,
	"backup_approver_id" uuid,
	"message" text,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"time_limit" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" uuid
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "checkout_rules" jsonb DEFAULT '{"analytics":[],"missionOrders":false,"chooseApprover":false,"approval":"never","policy":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "travel_products" ADD COLUMN "pnr" text;--> statement-breakpoint
ALTER TABLE "travel_products" ADD COLUMN "confirmation_time_limit" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "travels" ADD COLUMN "analytics" jsonb;--> statement-breakpoint
ALTER TABLE "travels" ADD COLUMN "mission_orders" jsonb;--> statement-breakpoint
ALTER TABLE "travels" ADD COLUMN "approvers" jsonb;--> statement-breakpoint
ALTER TABLE "travels" ADD COLUMN "confirmation_time_limit" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_travel_id_travels_id_fk" FOREIGN KEY ("travel_id") REFERENCES "public"."travels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_backup_approver_id_users_id_fk" FOREIGN KEY ("backup_approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_approver" ON "approval_requests" USING btree ("approver_id","status");--> statement-breakpoint
CREATE INDEX "approval_requests_travel" ON "approval_requests" USING btree ("travel_id");--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("done_at","run_at");