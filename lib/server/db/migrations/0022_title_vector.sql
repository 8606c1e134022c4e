-- The title's and company's words in a vector and index of their own: keyword search reads the
-- jobs whose title or company match first. (A query restricted to weights A and B on
-- search_vector also matches the description, whose stripped words carry no weight.)
ALTER TABLE "jobs" ADD COLUMN "title_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION jobs_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company text := coalesce((SELECT name FROM companies WHERE id = NEW.company_id), '');
BEGIN
  NEW.title_vector :=
    setweight(to_tsvector('english', NEW.title), 'A') || setweight(to_tsvector('english', company), 'B');
  NEW.search_vector :=
    NEW.title_vector
    || setweight(to_tsvector('english', NEW.location), 'C')
    || strip(to_tsvector('english', NEW.description));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_name_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET
    title_vector = setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', NEW.name), 'B'),
    search_vector =
      setweight(to_tsvector('english', title), 'A')
      || setweight(to_tsvector('english', NEW.name), 'B')
      || setweight(to_tsvector('english', location), 'C')
      || strip(to_tsvector('english', description))
  WHERE company_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE jobs SET title_vector =
  setweight(to_tsvector('english', jobs.title), 'A') || setweight(to_tsvector('english', companies.name), 'B')
FROM companies WHERE companies.id = jobs.company_id;--> statement-breakpoint
CREATE INDEX "jobs_title_search_idx" ON "jobs" USING gin ("title_vector") WITH (fastupdate=false);--> statement-breakpoint
ANALYZE "jobs";
