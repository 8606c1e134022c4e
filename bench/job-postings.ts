// Google's rules for JobPosting rich results (@adobe/structured-data-validator, through
// e2e/support/job-postings.ts) over every job page a running server's sitemap lists. Prints how
// many pages have errors, each error and warning by kind with its number of pages, and the first
// pages that fail. `npm test` runs the same check on the sample board (e2e/job-postings.spec.ts)
// and allows no error. A benchmark, not a test: it exits 0 whatever it finds.
//
// Usage: npx tsx bench/job-postings.ts http://127.0.0.1:3000 [--concurrency 4]
import {
  checkJobPages,
  issuesByKind,
  jobPagePaths,
  pagesWithErrors,
} from "../e2e/support/job-postings";
import { numberArg } from "./production-server.mjs";

async function main() {
  const given = process.argv.slice(2).find((arg) => /^https?:\/\//.test(arg));
  const origin = new URL(given ?? "http://127.0.0.1:3000").origin;
  const get = async (path: string) => (await fetch(origin + path)).text();
  const paths = await jobPagePaths(get);
  if (paths.length === 0) throw new Error(`no job pages in ${origin}/sitemap.xml`);
  const started = performance.now();
  const results = await checkJobPages(paths, get, numberArg("concurrency", 4));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const failing = pagesWithErrors(results);
  console.log(`${results.length} job pages from ${origin}, validated in ${seconds} s`);
  console.log(`${failing.length} with errors, ${results.length - failing.length} without\n`);
  console.log(issuesByKind(results).join("\n"));
  if (failing.length > 0) {
    console.log("\nfirst pages with errors:");
    for (const { path } of failing.slice(0, 5)) console.log(`  ${path}`);
  }
}

void main();
