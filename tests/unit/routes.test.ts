// @vitest-environment node
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  PROFILE_ROUTES,
  PUBLIC_ROUTES,
  VIOLET_ROUTES,
  isPublicRoute,
  safeNextPath,
  signInThenBackTo,
} from "@/lib/routes";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";

const pagesDir = join(__dirname, "..", "..", "pages");
const pageFileFor = (route: string) =>
  [`${route}.tsx`, `${route}/index.tsx`].map((file) => join(pagesDir, file)).find(existsSync);

describe("routes", () => {
  it("lists every public route of spec §2, and the later ones", () => {
    expect([...PUBLIC_ROUTES].sort()).toEqual(
      [
        "/",
        "/blog",
        "/submit",
        "/departments/[department]",
        "/regions/[region]",
        "/types/[type]",
        "/companies/[slug]",
        "/jobs/[jobId]",
        "/posts/[postId]",
        "/offers/[offerId]",
        "/about",
        "/talent",
        "/pricing",
        "/recruitment-services",
        "/sign-in",
        "/sign-up",
        "/linkedin-login",
        "/pdfs/privacy",
        "/pdfs/tos-candidates",
        "/pdfs/tos-employers",
        "/pdfs/acceptable-use",
        // An older version of a legal document (issue 64).
        "/pdfs/[document]/versions/[version]",
        "/creator-economy-hiring-trends-report",
        "/creator-economy-hiring-trends-report-q2",
        "/creator-economy-hiring-trends-report-q3",
        "/creator-economy-hiring-trends-report-q4",
        "/creator-economy-hiring-trends-report-q1-25",
        "/creator-economy-hiring-trends-report-q2-25",
        "/creator-economy-hiring-trends-report-q3-25",
        // The later quarters' reports, reached through next.config.ts's rewrite.
        "/reports/[quarter]",
        // What listings pay (issue 30).
        "/salaries",
        "/salaries/[department]",
        "/salaries/[department]/[region]",
        // The newsletter and its archive (issue 66).
        "/newsletter",
        "/newsletter/[issueId]",
      ].sort(),
    );
  });

  it("has a page file for every public and profile route", () => {
    const missing = [...PUBLIC_ROUTES, ...PROFILE_ROUTES].filter(
      (route) => !pageFileFor(route === "/" ? "/index" : route),
    );
    expect(missing).toEqual([]);
  });

  it("keeps the violet theme to public routes and the profile area off them", () => {
    expect(VIOLET_ROUTES.every(isPublicRoute)).toBe(true);
    expect(PROFILE_ROUTES.some(isPublicRoute)).toBe(false);
  });

  it("has the 13 departments, 9 regions and 4 types of the footer", () => {
    expect(DEPARTMENTS.map((d) => d.slug)).toEqual([
      "administration",
      "creator-partnerships",
      "design",
      "engineering",
      "finance",
      "influencer-marketing",
      "legal",
      "marketing",
      "operations",
      "product",
      "sales",
      "support",
      "talent-management",
    ]);
    expect(REGIONS.map((r) => r.slug)).toEqual([
      "remote",
      "united-states",
      "united-kingdom",
      "canada",
      "europe",
      "australia",
      "asia",
      "africa",
      "south-america",
    ]);
    expect(JOB_TYPES.map((t) => t.slug)).toEqual([
      "full-time",
      "part-time",
      "contractor",
      "internship",
    ]);
  });
});

describe("coming back after sign-in", () => {
  it("goes back to a path on this site, query and all", () => {
    expect(safeNextPath("/jobs/12-editor?ref=card")).toBe("/jobs/12-editor?ref=card");
    expect(signInThenBackTo("/pricing?x=1")).toBe("/sign-in?next=%2Fpricing%3Fx%3D1");
  });

  it.each([
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example/",
    "/\t/evil.example/",
    "javascript:alert(1)",
    "",
    undefined,
    ["/a", "/b"],
  ])("goes to the profile instead of %j", (next) => {
    expect(safeNextPath(next)).toBe("/profile");
  });
});
