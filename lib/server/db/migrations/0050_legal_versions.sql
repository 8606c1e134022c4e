CREATE TABLE "legal_acceptances" (
	"user_id" integer NOT NULL,
	"document" text NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_acceptances_user_id_document_version_pk" PRIMARY KEY("user_id","document","version"),
	CONSTRAINT "legal_acceptances_document_check" CHECK ("legal_acceptances"."document" in ('privacy', 'tos-candidates', 'tos-employers', 'acceptable-use'))
);
--> statement-breakpoint
CREATE TABLE "legal_document_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legal_document_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document" text NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"summary" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	CONSTRAINT "legal_document_versions_document_check" CHECK ("legal_document_versions"."document" in ('privacy', 'tos-candidates', 'tos-employers', 'acceptable-use')),
	CONSTRAINT "legal_document_versions_version_check" CHECK ("legal_document_versions"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_document_versions" ADD CONSTRAINT "legal_document_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_acceptances_document_idx" ON "legal_acceptances" USING btree ("document","version");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_document_versions_document_version_idx" ON "legal_document_versions" USING btree ("document","version");