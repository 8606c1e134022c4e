// Google's rules for JobPosting rich results, as @adobe/structured-data-validator encodes them,
// over every job page a running server's sitemap lists (its jobs-N.xml files). Each page's HTML is
// read as a search engine reads it (@marbec/web-auto-extractor: JSON-LD, microdata and RDFa) and
// validated; prints how many pages have errors, each error and warning by kind (the field it
// names and the validator's message) with the number of pages, and the first pages that fail.
// Only Google's rules run (no schema.org vocabulary check: that needs schema.org's own file,
// which is not on the npm registry). A benchmark, not a test: it exits 0 whatever it finds.
//
// Usage: node bench/job-postings.mjs http://127.0.0.1:3000 [--concurrency 4] [--limit 0]
import Validator from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";
import { numberArg } from "./production-server.mjs";

const origin = new URL(
  process.argv.slice(2).find((arg) => /^https?:\/\//.test(arg)) ?? "http://127.0.0.1:3000",
).origin;
const concurrency = numberArg("concurrency", 4);
const limit = numberArg("limit", 0);

/** The paths of a sitemap file's URLs (which carry the site's configured address, not ours). */
async function sitemapPaths(path) {
  const xml = await (await fetch(origin + path)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

/** The job pages' paths, from the sitemap index's jobs files. */
async function jobPaths() {
  const files = (await sitemapPaths("/sitemap.xml")).filter((path) =>
    /\/jobs-\d+\.xml$/.test(path),
  );
  const paths = (await Promise.all(files.map(sitemapPaths)))
    .flat()
    .filter((path) => path.startsWith("/jobs/"));
  return limit > 0 ? paths.slice(0, limit) : paths;
}

const validator = new Validator(null);
const extractor = new WebAutoExtractor({ addLocation: false, embedSource: false });

/** The validator's issues for one page (an issue of our own when it has no JobPosting). */
async function issuesOf(path) {
  const html = await (await fetch(origin + path)).text();
  const data = extractor.parse(html);
  const types = Object.keys(data.jsonld ?? {});
  if (!types.includes("JobPosting")) {
    return [{ severity: "ERROR", issueMessage: "no JobPosting on the page", fieldNames: [] }];
  }
  return validator.validate(data);
}

const paths = await jobPaths();
if (paths.length === 0) throw new Error(`no job pages in ${origin}/sitemap.xml`);
const started = performance.now();
const results = [];
let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < paths.length) {
      const path = paths[next++];
      results.push({ path, issues: await issuesOf(path) });
    }
  }),
);

const kinds = new Map();
for (const { path, issues } of results) {
  for (const issue of issues) {
    const key = `${issue.severity} ${issue.fieldNames?.join(", ") || "-"}: ${issue.issueMessage}`;
    const pages = kinds.get(key) ?? new Set();
    pages.add(path);
    kinds.set(key, pages);
  }
}
const failing = results.filter(({ issues }) => issues.some((i) => i.severity === "ERROR"));
console.log(
  `${results.length} job pages from ${origin}, validated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
console.log(`${failing.length} with errors, ${results.length - failing.length} without\n`);
console.log("| severity, field: message | pages |");
console.log("| --- | --- |");
for (const [key, pages] of [...kinds].sort((a, b) => b[1].size - a[1].size)) {
  console.log(`| ${key} | ${pages.size} |`);
}
if (failing.length > 0) {
  console.log("\nfirst pages with errors:");
  for (const { path } of failing.slice(0, 5)) console.log(`  ${path}`);
}
