-- Keyword search ranks the title first, then the company's name, then the description, and
-- corrects typos against the board's own words (pg_trgm, trusted: the database owner may add it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The search vector gains the company's name (weight B) and the location's words (C: "remote
-- editor", "london"). A generated column cannot read another table, so a trigger keeps it now.
ALTER TABLE "jobs" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "search_vector" SET DEFAULT ''::tsvector;--> statement-breakpoint
CREATE FUNCTION jobs_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', NEW.title), 'A')
    || setweight(to_tsvector('english', coalesce((SELECT name FROM companies WHERE id = NEW.company_id), '')), 'B')
    || setweight(to_tsvector('english', NEW.location), 'C')
    || strip(to_tsvector('english', NEW.description));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER jobs_search_vector BEFORE INSERT OR UPDATE OF title, description, location, company_id ON jobs
  FOR EACH ROW EXECUTE FUNCTION jobs_search_vector();--> statement-breakpoint
-- A renamed company's jobs are found by its new name.
CREATE FUNCTION companies_name_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET search_vector =
    setweight(to_tsvector('english', title), 'A')
    || setweight(to_tsvector('english', NEW.name), 'B')
    || setweight(to_tsvector('english', location), 'C')
    || strip(to_tsvector('english', description))
  WHERE company_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER companies_name_search AFTER UPDATE OF name ON companies
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION companies_name_search();--> statement-breakpoint
UPDATE jobs SET search_vector =
  setweight(to_tsvector('english', jobs.title), 'A')
  || setweight(to_tsvector('english', companies.name), 'B')
  || setweight(to_tsvector('english', jobs.location), 'C')
  || strip(to_tsvector('english', jobs.description))
FROM companies WHERE companies.id = jobs.company_id;--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"jobs" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
ANALYZE "jobs";
