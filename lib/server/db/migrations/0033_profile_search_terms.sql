CREATE TABLE "profile_search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"profiles" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "profile_search_terms_trgm_idx" ON "profile_search_terms" USING gin ("term" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- No pending list for the profiles' search index, as for the board's others (0021): PGlite has no
-- autovacuum to merge one. Changed in place rather than dropped and made again.
ALTER INDEX "users_profile_vector_idx" SET (fastupdate = false);