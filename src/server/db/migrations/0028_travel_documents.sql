CREATE TABLE "travel_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"civility" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"nationality" text NOT NULL,
	"document_name" text,
	"effective_date" text NOT NULL,
	"expiration_date" text,
	"number" text NOT NULL,
	"country_of_issue" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "travel_documents" ADD CONSTRAINT "travel_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "travel_documents_user" ON "travel_documents" USING btree ("user_id","position");