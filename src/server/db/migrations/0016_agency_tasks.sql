CREATE TABLE "agency_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"travel_id" uuid NOT NULL,
	"product_ids" uuid[] NOT NULL,
	"requester_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"refund" integer,
	"fees" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" uuid
);
--> statement-breakpoint
ALTER TABLE "agency_tasks" ADD CONSTRAINT "agency_tasks_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_tasks" ADD CONSTRAINT "agency_tasks_travel_id_travels_id_fk" FOREIGN KEY ("travel_id") REFERENCES "public"."travels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_tasks" ADD CONSTRAINT "agency_tasks_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_tasks" ADD CONSTRAINT "agency_tasks_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_tasks_agency_status" ON "agency_tasks" USING btree ("agency_id","status","created_at");