ALTER TABLE "jobs" ADD COLUMN "description_html" text;--> statement-breakpoint
-- Rendered HTML belongs to the Markdown it was made from: a new description clears it, unless
-- the same statement writes the new HTML too.
CREATE FUNCTION "jobs_clear_stale_description_html"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."description" IS DISTINCT FROM OLD."description"
     AND NEW."description_html" IS NOT DISTINCT FROM OLD."description_html" THEN
    NEW."description_html" := NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_clear_stale_description_html" BEFORE UPDATE OF "description" ON "jobs"
FOR EACH ROW EXECUTE FUNCTION "jobs_clear_stale_description_html"();
