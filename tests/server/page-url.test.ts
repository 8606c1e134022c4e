// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { matchPageRoute, PAGE_PARAMS, pageQuery, type PageRoute } from "@/lib/page-params";
import { canonicalPageUrl, isMalformedApiUrl } from "@/lib/server/http/page-url";

const PAGES = join(__dirname, "../../pages");

/** Every page file's route as Next.js names it ("/jobs/[jobId]", "/blog"). */
function pageRoutes(dir = PAGES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const path = join(dir, item.name);
    if (item.isDirectory()) return item.name === "api" ? [] : pageRoutes(path);
    if (/^_(app|document|error)\./.test(item.name)) return [];
    const route = `/${relative(PAGES, path).replace(/\.tsx?$/, "")}`.replace(/\/index$/, "");
    return [route || "/"];
  });
}

const pageSource = (route: string) => {
  const base = join(PAGES, route === "/" ? "index" : route.slice(1));
  for (const candidate of [`${base}.tsx`, join(base, "index.tsx")]) {
    try {
      return readFileSync(candidate, "utf8");
    } catch {
      // Not this one.
    }
  }
  throw new Error(`No page file for ${route}`);
};

describe("the page-params registry", () => {
  it("has one entry for every page, and none for a page that does not exist", () => {
    expect(Object.keys(PAGE_PARAMS).sort()).toEqual(pageRoutes().sort());
  });

  it("lists browser-read parameters only for pages Next.js prerenders whatever the query", () => {
    const withBrowserParams = Object.entries(PAGE_PARAMS)
      .filter(([, params]) => "browser" in params)
      .map(([route]) => route);
    expect(withBrowserParams.length).toBeGreaterThan(0);
    for (const route of withBrowserParams) {
      expect(pageSource(route), route).not.toMatch(
        /getServerSideProps|getStaticProps|getInitialProps/,
      );
    }
  });

  it("names what a page's data function reads under `server`", () => {
    for (const [route, params] of Object.entries(PAGE_PARAMS)) {
      const source = pageSource(route);
      // Pages that read a query go through pageQuery with their own route.
      if (
        "server" in params &&
        /getServerSideProps/.test(source) &&
        !/loadBoard|listingPageData/.test(source)
      ) {
        expect(source, route).toContain(`pageQuery("${route}"`);
      }
      expect(source, route).not.toMatch(/(?<!router\.)\bquery\.\w+/);
    }
  });

  it("names what a page reads from router.query under `browser`", () => {
    for (const [route, params] of Object.entries(PAGE_PARAMS)) {
      const read = [...pageSource(route).matchAll(/router\.query\.(\w+)/g)].map((m) => m[1]!);
      const listed: readonly string[] = ("browser" in params ? params.browser : undefined) ?? [];
      // The route's own segments ([listingId]) are in its path, not its query string.
      const segments = [...route.matchAll(/\[(\w+)\]/g)].map((m) => m[1]!);
      for (const name of read.filter((name) => !segments.includes(name))) {
        expect(listed, `${route} reads ${name}`).toContain(name);
      }
    }
  });

  it("hands a data function only its own parameters", () => {
    expect(pageQuery("/talent", { department: "design", utm_source: "x", page: "2" })).toEqual({
      department: "design",
      page: "2",
    });
    expect(pageQuery("/about" as PageRoute, { page: "2" })).toEqual({});
  });

  it.each([
    [["jobs"], "/jobs", {}],
    [["jobs", "12-video-editor"], "/jobs/[jobId]", { jobId: "12-video-editor" }],
    [["departments", "design"], "/departments/[department]", { department: "design" }],
    [["blog", "rss.xml"], "/blog/rss.xml", {}],
    [[], "/", {}],
  ])("%j is %s", (segments, route, params) => {
    expect(matchPageRoute(segments)).toEqual({ route, params });
  });

  it.each([[["nope"]], [["jobs", "1", "x"]], [["departments", ""]], [["index"]]])(
    "%j is no page",
    (segments) => {
      expect(matchPageRoute(segments)).toBeNull();
    },
  );
});

describe("canonicalPageUrl", () => {
  it.each([
    // Parameters the page does not read are dropped; the ones it reads are sorted.
    ["/?x=123", "/"],
    ["/?utm_source=news&fbclid=abc", "/"],
    ["/?q=ugc&page=2&x=1", "/?page=2&q=ugc"],
    ["/?page=2&q=ugc", "/?page=2&q=ugc"],
    ["/departments/design?q=video+editor&utm_campaign=x", "/departments/design?q=video+editor"],
    ["/departments/design?q=video%20editor", "/departments/design?q=video+editor"],
    // The path's segment wins over a query parameter of the same name; Next.js agrees.
    ["/departments/design?department=marketing", "/departments/design"],
    ["/talent?region=remote&department=design&sort=new", "/talent?department=design&region=remote"],
    ["/blog?tag=hiring&page=2&ref=x", "/blog?page=2&tag=hiring"],
    ["/submit?plan=featured&x=1", "/submit?plan=featured"],
    ["/recruitment-services?service=search&x=1", "/recruitment-services?service=search"],
    // Blank filters stay: the page redirects them away.
    ["/?q=&page=2", "/?page=2&q="],
    // Repeated parameters stay repeated (the page answers 404).
    ["/?page=2&page=3", "/?page=2&page=3"],
    // Pages that read nothing on the server.
    ["/about?x=1", "/about"],
    ["/jobs/12-video-editor?utm_source=x", "/jobs/12-video-editor"],
    ["/pricing?x=1", "/pricing"],
    ["/sign-in?next=%2Fprofile", "/sign-in"],
    ["/listings?listing=3&paid=cs_123", "/listings"],
    ["/jobs?page=3", "/jobs"],
    // One spelling per path.
    ["/departments/%64esign", "/departments/design"],
    ["/posts/remote%2Dwork", "/posts/remote-work"],
    // Client-side navigation's data URLs: the dynamic segment is set from the path.
    [
      "/_next/data/b1/departments/design.json?department=design&page=2&x=1",
      "/_next/data/b1/departments/design.json?department=design&page=2",
    ],
    [
      "/_next/data/b1/departments/design.json?department=marketing",
      "/_next/data/b1/departments/design.json?department=design",
    ],
    [
      "/_next/data/b1/departments/design.json",
      "/_next/data/b1/departments/design.json?department=design",
    ],
    ["/_next/data/b1/index.json?x=1&q=a", "/_next/data/b1/index.json?q=a"],
    ["/_next/data/b1/jobs/12-a.json?jobId=12-a&utm=1", "/_next/data/b1/jobs/12-a.json?jobId=12-a"],
    ["/_next/data/b1/talent.json?page=2&x=1", "/_next/data/b1/talent.json?page=2"],
  ])("%s is served as %s", (url, canonical) => {
    expect(canonicalPageUrl(url)).toBe(canonical);
  });

  it.each([
    "/api/jobs?q=a&x=1",
    "/_next/static/chunks/main.js?v=1",
    "/_next/image?url=%2Fblog%2Fa.png&w=640&q=75",
    "/monitoring?o=1&p=2",
    "/favicon.svg?v=2",
    "/nope?x=1",
    "/departments/design/",
    "/departments/%C0%AE",
    "/index",
  ])("%s is not a page URL to rewrite", (url) => {
    expect(canonicalPageUrl(url)).toBeNull();
  });

  it("is idempotent", () => {
    for (const url of ["/?q=a+b&page=2&x=1", "/_next/data/b/regions/remote.json?q=%C3%A9"]) {
      const once = canonicalPageUrl(url)!;
      expect(canonicalPageUrl(once)).toBe(once);
    }
  });
});

describe("isMalformedApiUrl", () => {
  it.each([
    ["/api/jobs/%C0%AE", true],
    ["/api/%", true],
    ["/api/jobs/%E0%A4%A", true],
    ["/api/jobs/12", false],
    ["/api/jobs?q=%", false],
    ["/departments/%C0%AE", false],
    ["/apix/%", false],
  ])("%s: %s", (url, malformed) => {
    expect(isMalformedApiUrl(url)).toBe(malformed);
  });
});
