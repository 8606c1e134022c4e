import { routes } from "@/lib/routes";
import { checkJobPages, issuesByKind, jobPagePaths, pagesWithErrors } from "./support/job-postings";
import { expect, test } from "./support/fixtures";

/*
 * The sample board's job pages, as the server sends them, checked against Google's rules for
 * JobPosting rich results by a validator we did not write (@adobe/structured-data-validator): no
 * error, or the listing cannot appear in Google's job search. Its warnings are printed by kind.
 * Some 300 of them, evenly through the sitemap's order (every page of a board of 300 or fewer):
 * the sample board's 1,300 open jobs are drawn from the same few shapes (issue 42 made it that
 * big), and checking each took two minutes of a test run. `npx tsx bench/job-postings.ts` checks
 * every page of a running server; a listing is checked by the same rules when it is approved.
 */
const CHECKED_PAGES = 300;

test("the sample board's job pages pass Google's JobPosting rules", async ({ request }) => {
  test.slow();
  const get = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    return response.text();
  };
  const paths = await jobPagePaths(get);
  expect(paths.length).toBeGreaterThan(100);
  expect(paths.every((path) => path.startsWith(routes.home + "jobs/"))).toBe(true);

  const every = Math.ceil(paths.length / CHECKED_PAGES);
  const checked = paths.filter((_, index) => index % every === 0);
  const results = await checkJobPages(checked, get);
  console.log(
    [
      `Google's JobPosting rules over ${results.length} of the ${paths.length} job pages:`,
      ...issuesByKind(results),
    ].join("\n"),
  );
  expect(results).toHaveLength(checked.length);
  expect(
    pagesWithErrors(results).map(({ path, issues }) => ({
      path,
      errors: issues.filter((issue) => issue.severity === "ERROR").map((i) => i.issueMessage),
    })),
  ).toEqual([]);
});
