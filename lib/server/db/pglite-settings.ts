import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/*
 * How the embedded database is opened, on whichever thread opens it (client.ts in the process,
 * pglite-thread.ts on its own thread).
 */

/** What PGlite loads besides PostgreSQL: pg_trgm, for keyword search's typos (migration 0019). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite's own settings (issue 48). PostgreSQL's buffer pool lives in the WASM module's memory,
 * which never shrinks: PGlite 0.3 fixed it at 128 MB, and a sample board's pages filled it.
 * 16 MB holds the pages every search and list reads; the rest comes from the data folder's
 * files, which the operating system caches outside the process. The database is template1, where
 * PGlite 0.3 kept the tables (0.4 connects to "postgres" by default): data folders made before
 * keep working.
 */
export const PGLITE_SETTINGS = {
  database: "template1",
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
};
