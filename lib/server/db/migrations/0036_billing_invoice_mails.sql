CREATE TABLE "invoice_mails" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recipients" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_email" text;--> statement-breakpoint
ALTER TABLE "invoice_mails" ADD CONSTRAINT "invoice_mails_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Documents issued before invoices were mailed are not mailed now, months late.
INSERT INTO "invoice_mails" ("invoice_id", "queued_at", "recipients") SELECT "id", "issued_at", 0 FROM "invoices";
