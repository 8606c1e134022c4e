import { routes } from "@/lib/routes";
import { checkJobPages, issuesByKind, jobPagePaths, pagesWithErrors } from "./support/job-postings";
import { expect, test } from "./support/fixtures";

/*
 * Every job page of the sample board, as the server sends it, checked against Google's rules for
 * JobPosting rich results by a validator we did not write (@adobe/structured-data-validator): no
 * error, or the listing cannot appear in Google's job search. Its warnings are printed by kind.
 */
test("every job page of the sample board passes Google's JobPosting rules", async ({ request }) => {
  test.slow();
  const get = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    return response.text();
  };
  const paths = await jobPagePaths(get);
  expect(paths.length).toBeGreaterThan(100);
  expect(paths.every((path) => path.startsWith(routes.home + "jobs/"))).toBe(true);

  const results = await checkJobPages(paths, get);
  console.log(
    [`Google's JobPosting rules over ${results.length} job pages:`, ...issuesByKind(results)].join(
      "\n",
    ),
  );
  expect(results).toHaveLength(paths.length);
  expect(
    pagesWithErrors(results).map(({ path, issues }) => ({
      path,
      errors: issues.filter((issue) => issue.severity === "ERROR").map((i) => i.issueMessage),
    })),
  ).toEqual([]);
});
