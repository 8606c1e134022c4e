ALTER TABLE "ats_sources" DROP CONSTRAINT "ats_sources_board_key";--> statement-breakpoint
ALTER TABLE "ats_sources" ADD COLUMN "ats_company_name" text;--> statement-breakpoint
ALTER TABLE "ats_sources" ADD COLUMN "ats_site" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ats_sources_approved_board_key" ON "ats_sources" USING btree ("ats","board") WHERE reviewed_at is not null;--> statement-breakpoint
CREATE INDEX "ats_sources_board_idx" ON "ats_sources" USING btree ("ats","board");--> statement-breakpoint
ALTER TABLE "ats_sources" ADD CONSTRAINT "ats_sources_company_board_key" UNIQUE("company_id","ats","board");