import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CompanyPage } from "@/features/companies/components/company-page";
import type { CareersSite } from "@/features/companies/page";
import type { JobPage } from "@/features/jobs/types";
import { renderInApp } from "@/tests/render";

/*
 * Issue 61: a company page said all its jobs came from Greenhouse when three of its six were
 * posted on the board. It now says how many come from the careers site.
 */
const results = (total: number): JobPage => ({
  jobs: [],
  total,
  total_is_capped: false,
  page: 1,
  per_page: 20,
  page_count: 1,
});

function renderNote(imported: number, total: number) {
  const site: CareersSite = { ats: "Greenhouse", imported, claimable: false, domain: null };
  renderInApp(
    <CompanyPage
      company={{ slug: "glow", name: "Glow", website: null, logo_url: null, about: null }}
      careers_site={site}
      filters={{ page: 1, per_page: 20 }}
      results={results(total)}
    />,
    { pathname: "/companies/[slug]" },
  );
}

describe("a company page's careers-site note", () => {
  it("counts the imported jobs when only some are", () => {
    renderNote(3, 6);
    expect(
      screen.getByText(
        "3 of these 6 jobs come from Glow’s careers site on Greenhouse, checked every hour: their Apply buttons lead there. The others were posted on the board.",
      ),
    ).toBeTruthy();
  });

  it("says one of several, and all of them, in words that fit", () => {
    renderNote(1, 2);
    expect(screen.getByText(/^1 of these 2 jobs comes from .* The other was posted/)).toBeTruthy();
  });

  it("says all of them only when all are", () => {
    renderNote(4, 4);
    expect(
      screen.getByText(/^These jobs come from Glow’s careers site on Greenhouse/),
    ).toBeTruthy();
  });

  it("claims none when none of the listed jobs is imported", () => {
    renderNote(0, 2);
    expect(screen.queryByText(/come from/)).toBeNull();
    expect(screen.getByText(/checks Glow’s careers site on Greenhouse every hour/)).toBeTruthy();
  });
});
