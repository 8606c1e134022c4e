DROP INDEX "jobs_open_idx";--> statement-breakpoint
DROP INDEX "jobs_open_department_idx";--> statement-breakpoint
DROP INDEX "jobs_open_type_idx";--> statement-breakpoint
CREATE INDEX "jobs_open_newest_idx" ON "jobs" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_department_newest_idx" ON "jobs" USING btree ("department","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_type_newest_idx" ON "jobs" USING btree ("type","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_sponsored_idx" ON "jobs" USING btree ("id") WHERE status = 'open' and sponsored;