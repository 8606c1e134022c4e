CREATE TABLE "application_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"side" text NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"stage" text,
	"via" text DEFAULT 'board' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_messages_side_check" CHECK ("application_messages"."side" in ('employer', 'candidate')),
	CONSTRAINT "application_messages_via_check" CHECK ("application_messages"."via" in ('board', 'mail')),
	CONSTRAINT "application_messages_stage_check" CHECK ("application_messages"."stage" is null or "application_messages"."stage" in ('new', 'reviewing', 'interview', 'offer', 'hired', 'not_selected'))
);
--> statement-breakpoint
ALTER TABLE "application_messages" ADD CONSTRAINT "application_messages_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_messages" ADD CONSTRAINT "application_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_messages_application_idx" ON "application_messages" USING btree ("application_id","created_at");--> statement-breakpoint
-- The employer's messages sent with stage changes before there was a conversation: each
-- application's last one (the only one kept) becomes the first message of its thread.
INSERT INTO "application_messages" ("application_id", "side", "body", "stage", "created_at")
SELECT "id", 'employer', "stage_message", "stage", "stage_changed_at"
FROM "job_applications" WHERE "stage_message" IS NOT NULL AND "purged_at" IS NULL;
