import { render, screen } from "@testing-library/react";
import { HeadManagerContext } from "next/dist/shared/lib/head-manager-context.shared-runtime";
import { Children, type ReactElement, type ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { CompanyPage } from "@/features/companies/components/company-page";
import { ListingPage } from "@/features/board/components/listing-page";
import { Pagination, pageWindow } from "@/features/jobs/components/pagination";
import type { JobFilters } from "@/features/jobs/filters";
import type { JobSearchPage } from "@/features/jobs/types";
import AboutPage from "@/pages/about";
import HomePage from "@/pages/index";
import LinkedinLoginPage from "@/pages/linkedin-login";
import PricingPage from "@/pages/pricing";
import { SEED_OFFER } from "@/tests/support/seed-offer";
import SignInPage from "@/pages/sign-in";
import SignUpPage from "@/pages/sign-up";
import { renderInApp } from "@/tests/render";
import { DEFAULT_BOARD_SETTINGS, setBoardSettingsOverrides } from "@/lib/board-settings";
import { SITE_URL } from "@/lib/site";

/*
 * What pages put in their <head> through next/head: the titles of later pages of a list, the
 * feed links of the lists, the social cards of the site's own pages, and noindex on the sign-in
 * pages. next/head hands its elements to the
 * head manager; this one keeps them.
 */
type HeadElement = ReactElement<Record<string, unknown> & { children?: ReactNode }>;

function renderHead(ui: ReactElement, pathname = "/") {
  let head: HeadElement[] = [];
  const manager = {
    updateHead: (elements: HeadElement[]) => {
      head = elements;
    },
    mountedInstances: new Set(),
  };
  renderInApp(<HeadManagerContext.Provider value={manager}>{ui}</HeadManagerContext.Provider>, {
    pathname,
  });
  const title = head.find((element) => element.type === "title");
  return {
    title: title ? Children.toArray(title.props.children).join("") : undefined,
    meta: (name: string) =>
      head.find(
        (element) =>
          element.type === "meta" &&
          (element.props.name === name || element.props.property === name),
      )?.props.content,
    feeds: head
      .filter((element) => element.type === "link" && element.props.rel === "alternate")
      .map((element) => ({ type: element.props.type, href: element.props.href })),
    /** The text of each JSON-LD element, as it goes into the page. */
    jsonLd: head
      .filter(
        (element) => element.type === "script" && element.props.type === "application/ld+json",
      )
      .map((element) => (element.props.dangerouslySetInnerHTML as { __html: string }).__html),
  };
}

afterEach(() => setBoardSettingsOverrides(null));

const filters = (page: number): JobFilters => ({ page, per_page: 20 });
const results = (page: number): JobSearchPage => ({
  jobs: [],
  total: 1_260,
  total_is_capped: false,
  page,
  per_page: 20,
  page_count: 63,
  corrected_q: null,
  suggested_q: null,
  facets_approximate: false,
  facets: { department: {}, region: {}, type: {}, salary_min: {} },
});

describe("list pages", () => {
  it("name their page in the title, past the first", () => {
    const home = (page: number) =>
      renderHead(<HomePage filters={filters(page)} results={results(page)} departmentCounts={{}} />)
        .title;
    expect(home(1)).toBe("Creator Jobs");
    expect(home(2)).toBe("Creator Jobs – Page 2");
    expect(home(50)).toBe("Creator Jobs – Page 50");
    const search = renderHead(
      <HomePage
        filters={{ ...filters(3), q: "editor" }}
        results={results(3)}
        departmentCounts={{}}
      />,
    ).title;
    expect(search).toBe("Jobs matching “editor” – Page 3 | Creator Jobs");
    const listing = (kind: "department" | "region" | "type", slug: string, label: string) =>
      renderHead(
        <ListingPage
          kind={kind}
          entry={{ slug, label }}
          filters={filters(4)}
          results={results(4)}
          departmentCounts={null}
        />,
      );
    expect(listing("department", "design", "Design").title).toBe(
      "Design jobs in the creator economy – Page 4 | Creator Jobs",
    );
    expect(listing("region", "canada", "Canada").title).toBe(
      "Creator economy jobs in Canada – Page 4 | Creator Jobs",
    );
    expect(listing("type", "internship", "Internship").title).toBe(
      "Internship jobs in the creator economy – Page 4 | Creator Jobs",
    );
    const company = renderHead(
      <CompanyPage
        company={{ slug: "acme", name: "Acme", website: null, logo_url: null, about: null }}
        careers_site={null}
        filters={filters(2)}
        results={{ ...results(2), page_count: 2 }}
      />,
      "/companies/[slug]",
    ).title;
    expect(company).toBe("Jobs at Acme – Page 2 | Creator Jobs");
  });

  it("link their Atom feed, and the home page the aggregator feed too", () => {
    const home = renderHead(
      <HomePage filters={filters(1)} results={results(1)} departmentCounts={{}} />,
    );
    expect(home.feeds).toEqual([
      { type: "application/atom+xml", href: expect.stringMatching(/\/feeds\/latest\.xml$/) },
      { type: "application/xml", href: expect.stringMatching(/\/feeds\/jobs\.xml$/) },
    ]);
    const listing = renderHead(
      <ListingPage
        kind="region"
        entry={{ slug: "canada", label: "Canada" }}
        filters={filters(1)}
        results={results(1)}
        departmentCounts={null}
      />,
    );
    expect(listing.feeds).toEqual([
      {
        type: "application/atom+xml",
        href: expect.stringMatching(/\/feeds\/regions\/canada\.xml$/),
      },
    ]);
  });
});

describe("the home page's JSON-LD (issue 64)", () => {
  const home = () =>
    renderHead(<HomePage filters={filters(1)} results={results(1)} departmentCounts={{}} />);

  it("names the board, its logo, contact and search, from the defaults", () => {
    const [text, ...others] = home().jsonLd;
    expect(others).toEqual([]);
    const data = JSON.parse(text!) as { "@graph": Record<string, unknown>[] };
    const [organization, website] = data["@graph"];
    expect(organization).toMatchObject({
      "@type": "Organization",
      name: "Creator Jobs",
      url: `${SITE_URL}/`,
      logo: `${SITE_URL}/favicon.svg`,
      contactPoint: { "@type": "ContactPoint", email: DEFAULT_BOARD_SETTINGS.contactEmail },
    });
    expect(website).toMatchObject({
      "@type": "WebSite",
      name: "Creator Jobs",
      url: `${SITE_URL}/`,
      potentialAction: {
        "@type": "SearchAction",
        // The home page's search form sends its keyword as q (job-filters-form.tsx).
        target: { urlTemplate: `${SITE_URL}/?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    });
  });

  it("prints the owner's name, profiles and address, as typed and inert", () => {
    const name = "「クリエイター求人」</script><script>alert(1)</script>";
    setBoardSettingsOverrides({
      name,
      heroText: "وظائف في اقتصاد المبدعين",
      contactEmail: "kontakt@praca.example",
      social: { linkedin: "https://www.linkedin.com/company/board", x: "https://x.example/b" },
    });
    const [text] = home().jsonLd;
    // Nothing in it can end its element.
    expect(text).not.toContain("</script>");
    expect(text).not.toContain("<");
    const [organization, website] = (JSON.parse(text!) as { "@graph": Record<string, unknown>[] })[
      "@graph"
    ];
    expect(organization).toMatchObject({
      name,
      contactPoint: { email: "kontakt@praca.example" },
      sameAs: expect.arrayContaining([
        "https://x.example/b",
        "https://www.linkedin.com/company/board",
      ]),
    });
    expect(website).toMatchObject({ name, description: "وظائف في اقتصاد المبدعين" });
  });
});

describe("the site's own pages", () => {
  it("carry their social card, the same on every page of the home page's list", () => {
    const home = (page: number, q?: string) =>
      renderHead(
        <HomePage
          filters={{ ...filters(page), ...(q ? { q } : {}) }}
          results={results(page)}
          departmentCounts={{ design: 12, marketing: 30 }}
        />,
      );
    const first = home(1);
    expect(first.meta("og:image")).toMatch(/\/api\/og\/page\/home\.png\?v=[0-9a-z]+$/);
    expect(first.meta("og:image:width")).toBe("1200");
    expect(first.meta("og:image:height")).toBe("630");
    expect(first.meta("og:image:alt")).toBe(
      "Find your next job in the creator economy: 42 open roles",
    );
    expect(first.meta("twitter:card")).toBe("summary_large_image");
    expect(home(2).meta("og:image")).toBe(first.meta("og:image"));
    expect(home(3, "editor").meta("og:image")).toBe(first.meta("og:image"));
    expect(renderHead(<PricingPage offer={SEED_OFFER} />, "/pricing").meta("og:image")).toMatch(
      /\/api\/og\/page\/pricing\.png\?v=[0-9a-z]+$/,
    );
    expect(renderHead(<AboutPage offers={[]} />, "/about").meta("og:image")).toMatch(
      /\/api\/og\/page\/about\.png\?v=[0-9a-z]+$/,
    );
  });
});

describe("the sign-in pages", () => {
  it("are noindex", () => {
    for (const [page, path] of [
      [<SignInPage key="in" />, "/sign-in"],
      [<SignUpPage key="up" />, "/sign-up"],
      [<LinkedinLoginPage key="li" />, "/linkedin-login"],
    ] as const) {
      expect(renderHead(page, path).meta("robots"), path).toBe("noindex");
    }
    expect(
      renderHead(<HomePage filters={filters(1)} results={results(1)} departmentCounts={{}} />).meta(
        "robots",
      ),
    ).toBeUndefined();
  });
});

describe("the pagination", () => {
  it("shows the first, the last and the nearby pages, at most nine entries", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 63)).toEqual([1, 2, 3, null, 63]);
    expect(pageWindow(30, 63)).toEqual([1, null, 28, 29, 30, 31, 32, null, 63]);
    expect(pageWindow(4, 63)).toEqual([1, 2, 3, 4, 5, 6, null, 63]);
    expect(pageWindow(63, 63)).toEqual([1, null, 61, 62, 63]);
    expect(pageWindow(2_500, 5_000)).toHaveLength(9);
  });

  it("links the last page from the first", () => {
    render(<Pagination basePath="/" filters={filters(1)} pageCount={63} />);
    expect(screen.getByRole("link", { name: "Page 63" })).toHaveAttribute("href", "/?page=63");
    expect(screen.getByRole("link", { name: "Next" })).toHaveAttribute("href", "/?page=2");
    expect(document.querySelector("[aria-current=page]")).toHaveTextContent("Page 1");
  });
});
