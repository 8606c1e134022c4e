import { config } from "zod";

/*
 * Zod compiles object parsers with `new Function` when it may, and finds out by trying once as
 * its first object schema is built. Under the site's Content-Security-Policy (no 'unsafe-eval')
 * the try fails quietly but the browser still reports a violation, on every page that loads (or
 * prefetches) a page with a zod schema. Jitless, zod never tries. Import this module before any
 * schema in browser code; on the server zod keeps its compiled parsers.
 */
if (typeof window !== "undefined") config({ jitless: true });
