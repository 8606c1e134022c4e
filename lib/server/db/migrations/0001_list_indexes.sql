DROP INDEX "jobs_open_idx";--> statement-breakpoint
DROP INDEX "jobs_open_department_idx";--> statement-breakpoint
DROP INDEX "jobs_open_region_idx";--> statement-breakpoint
DROP INDEX "jobs_open_type_idx";--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "jobs" USING btree ("sponsored" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_department_idx" ON "jobs" USING btree ("department","sponsored" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_region_idx" ON "jobs" USING btree ("region","sponsored" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_type_idx" ON "jobs" USING btree ("type","sponsored" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'open';