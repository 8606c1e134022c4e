CREATE TABLE "job_search_rows" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"department" text NOT NULL,
	"type" text NOT NULL,
	"board_regions" text[] NOT NULL,
	"salary_max" integer,
	"salary_period" text NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_title_rows" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"department" text NOT NULL,
	"type" text NOT NULL,
	"board_regions" text[] NOT NULL,
	"salary_max" integer,
	"salary_period" text NOT NULL,
	"title_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_search_rows" ADD CONSTRAINT "job_search_rows_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_title_rows" ADD CONSTRAINT "job_title_rows_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The whole text's vector stays in the row (compressed there if need be), never in TOAST: a
-- keyword's counts test thousands of rows against the query, and a TOASTed vector costs an
-- index lookup and more pages each.
ALTER TABLE "job_search_rows" ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
-- An open job has a row in each, kept as the job changes; a job that is no longer open has
-- none (a deleted job's rows go with it: the foreign keys).
CREATE OR REPLACE FUNCTION jobs_search_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'open' THEN
    INSERT INTO job_search_rows (job_id, published_at, expires_at, department, type,
        board_regions, salary_max, salary_period, search_vector)
      VALUES (NEW.id, NEW.published_at, NEW.expires_at, NEW.department, NEW.type,
        NEW.board_regions, NEW.salary_max, NEW.salary_period, NEW.search_vector)
      ON CONFLICT (job_id) DO UPDATE SET
        published_at = excluded.published_at, expires_at = excluded.expires_at,
        department = excluded.department, type = excluded.type,
        board_regions = excluded.board_regions, salary_max = excluded.salary_max,
        salary_period = excluded.salary_period, search_vector = excluded.search_vector;
    INSERT INTO job_title_rows (job_id, published_at, expires_at, department, type,
        board_regions, salary_max, salary_period, title_vector)
      VALUES (NEW.id, NEW.published_at, NEW.expires_at, NEW.department, NEW.type,
        NEW.board_regions, NEW.salary_max, NEW.salary_period, NEW.title_vector)
      ON CONFLICT (job_id) DO UPDATE SET
        published_at = excluded.published_at, expires_at = excluded.expires_at,
        department = excluded.department, type = excluded.type,
        board_regions = excluded.board_regions, salary_max = excluded.salary_max,
        salary_period = excluded.salary_period, title_vector = excluded.title_vector;
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'open' THEN
    DELETE FROM job_search_rows WHERE job_id = NEW.id;
    DELETE FROM job_title_rows WHERE job_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every column the rows copy, and those their vectors and regions are made from (board_regions
-- is generated from region and remote_countries; renaming a company updates the vectors).
CREATE TRIGGER jobs_search_rows AFTER INSERT OR UPDATE OF status, published_at, expires_at,
  department, type, region, remote_countries, salary_max, salary_period, title, description,
  location, company_id, search_vector, title_vector
  ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_search_rows();--> statement-breakpoint
INSERT INTO job_search_rows (job_id, published_at, expires_at, department, type, board_regions,
    salary_max, salary_period, search_vector)
  SELECT id, published_at, expires_at, department, type, board_regions, salary_max,
    salary_period, search_vector
  FROM jobs WHERE status = 'open' ORDER BY published_at;--> statement-breakpoint
INSERT INTO job_title_rows (job_id, published_at, expires_at, department, type, board_regions,
    salary_max, salary_period, title_vector)
  SELECT id, published_at, expires_at, department, type, board_regions, salary_max,
    salary_period, title_vector
  FROM jobs WHERE status = 'open' ORDER BY published_at;--> statement-breakpoint
-- The indexes after the rows: built once, not entry by entry.
CREATE INDEX "job_title_rows_newest_idx" ON "job_title_rows" USING btree ("published_at" DESC NULLS FIRST,"job_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "job_title_rows_department_newest_idx" ON "job_title_rows" USING btree ("department","published_at" DESC NULLS FIRST,"job_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "job_title_rows_title_idx" ON "job_title_rows" USING gin ("title_vector") WITH (fastupdate=false);--> statement-breakpoint
ANALYZE "job_search_rows";--> statement-breakpoint
ANALYZE "job_title_rows";
