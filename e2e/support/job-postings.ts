import Validator, { type ValidationIssue } from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";

/*
 * Google's rules for JobPosting rich results, as @adobe/structured-data-validator encodes them,
 * over a job page's HTML read as a search engine reads it (@marbec/web-auto-extractor: JSON-LD,
 * microdata and RDFa). Only Google's rules run: the schema.org vocabulary check needs
 * schema.org's own file, which is not on the npm registry. Used by e2e/job-postings.spec.ts and
 * bench/job-postings.ts.
 */

export type { ValidationIssue };
export type PageIssues = { path: string; issues: ValidationIssue[] };

const validator = new Validator(null);
const extractor = new WebAutoExtractor({ addLocation: false, embedSource: false });

/** The validator's issues for one job page (an error of our own when it has no JobPosting). */
export async function jobPostingIssues(html: string): Promise<ValidationIssue[]> {
  const extracted = extractor.parse(html);
  if (!extracted.jsonld?.JobPosting?.length) {
    return [{ severity: "ERROR", issueMessage: "No JobPosting on the page", fieldNames: [] }];
  }
  return validator.validate(extracted);
}

/** The paths of a sitemap file's URLs (they carry the site's configured address, not the server's). */
async function sitemapPaths(get: (path: string) => Promise<string>, path: string) {
  const xml = await get(path);
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

/** Every job page the sitemap index lists (its jobs-N.xml files). */
export async function jobPagePaths(get: (path: string) => Promise<string>): Promise<string[]> {
  const files = (await sitemapPaths(get, "/sitemap.xml")).filter((path) =>
    /\/jobs-\d+\.xml$/.test(path),
  );
  const paths = await Promise.all(files.map((file) => sitemapPaths(get, file)));
  return paths.flat().filter((path) => path.startsWith("/jobs/"));
}

/** Each page's issues, `concurrency` pages at a time. */
export async function checkJobPages(
  paths: readonly string[],
  get: (path: string) => Promise<string>,
  concurrency = 4,
): Promise<PageIssues[]> {
  const results: PageIssues[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        results.push({ path, issues: await jobPostingIssues(await get(path)) });
      }
    }),
  );
  return results;
}

/** The pages with at least one error. */
export const pagesWithErrors = (results: readonly PageIssues[]) =>
  results.filter(({ issues }) => issues.some((issue) => issue.severity === "ERROR"));

/** Issues by kind (severity, field and message), most pages first, as markdown table rows. */
export function issuesByKind(results: readonly PageIssues[]): string[] {
  const kinds = new Map<string, Set<string>>();
  for (const { path, issues } of results) {
    for (const issue of issues) {
      const fields = issue.fieldNames?.join(", ") || "-";
      const key = `${issue.severity} ${fields}: ${issue.issueMessage}`;
      kinds.set(key, (kinds.get(key) ?? new Set()).add(path));
    }
  }
  return [
    "| severity, field: message | pages |",
    "| --- | --- |",
    ...[...kinds]
      .sort((a, b) => b[1].size - a[1].size)
      .map(([key, pages]) => `| ${key} | ${pages.size} |`),
  ];
}
