-- GIN indexes keep recent inserts in a pending list that autovacuum merges; PGlite has no
-- autovacuum, so the list only grows and every search reads it whole (3.4 ms for one trigram
-- lookup on the sample board's vocabulary). Without the list, inserts update the index at once.
ALTER INDEX "jobs_board_regions_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "jobs_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "search_terms_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
-- What is pending already is merged now.
SELECT gin_clean_pending_list('jobs_board_regions_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('jobs_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('search_terms_trgm_idx'::regclass);
