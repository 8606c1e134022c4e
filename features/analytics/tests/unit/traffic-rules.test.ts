import { describe, expect, it } from "vitest";
import { deviceOf } from "@/features/analytics/server/device";
import { normaliseTerm, pageOf } from "@/features/analytics/server/page-views";
import { normaliseSource, sourceOf } from "@/lib/model/traffic-source";

/* The rules the traffic figures are counted by: devices, pages, terms and sources. */

describe("deviceOf", () => {
  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1", "phone"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0.0.0 Mobile Safari/537.36", "phone"],
    ["Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0", "phone"],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1",
      "tablet",
    ],
    ["Mozilla/5.0 (Linux; Android 13; SM-X200) Chrome/131.0.0.0 Safari/537.36", "tablet"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36", "desktop"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) Version/18.1 Safari/605.1.15", "desktop"],
  ])("%s is a %s", (agent, device) => expect(deviceOf(agent)).toBe(device));

  it("takes the beacon's touch hint on a Mac's User-Agent (iPadOS Safari's) as a tablet", () => {
    const mac = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/18.1 Safari/605.1.15";
    expect(deviceOf(mac, true)).toBe("tablet");
    expect(deviceOf(mac, false)).toBe("desktop");
    expect(deviceOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0", true)).toBe(
      "desktop",
    );
    expect(
      deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148", true),
    ).toBe("phone");
  });
});

describe("pageOf", () => {
  it("keeps the path, decoded and without a trailing slash, and its query apart", () => {
    const page = pageOf("/departments/design/?q=video#x");
    expect(page?.path).toBe("/departments/design");
    expect(page?.query.get("q")).toBe("video");
    expect(pageOf("/")?.path).toBe("/");
    expect(pageOf("/creator-economy-hiring-trends-report-q4-25")?.path).toBe(
      "/creator-economy-hiring-trends-report-q4-25",
    );
  });
  it("does not count pages outside the public board, and refuses what is no page", () => {
    expect(pageOf("/profile")).toBeNull();
    expect(pageOf("/jobs/1/extra")).toBeNull();
    for (const path of ["/api/jobs", "/_next/data/x.json", "/review", "//evil.example", "/a\nb"]) {
      expect(() => pageOf(path), path).toThrow();
    }
  });
});

describe("terms and sources", () => {
  it("normalises a term: NFKC, lower case, single spaces, as typed otherwise", () => {
    expect(normaliseTerm("  Ｖｉｄｅｏ   EDITOR ")).toBe("video editor");
    expect(normaliseTerm("محرر فيديو")).toBe("محرر فيديو");
    expect(normaliseTerm("x".repeat(300))).toHaveLength(100);
  });
  it("takes the campaign, else the referrer's host, else direct; none within the board", () => {
    const query = (search: string) => new URLSearchParams(search);
    const ownHosts = ["board.test"];
    expect(
      sourceOf({ query: query("utm_source=Mail"), referrer: "https://x.example/", ownHosts }),
    ).toBe("mail");
    expect(sourceOf({ query: query(""), referrer: "https://WWW.X.example/a", ownHosts })).toBe(
      "x.example",
    );
    expect(sourceOf({ query: query(""), referrer: "", ownHosts })).toBe("direct");
    expect(
      sourceOf({ query: query("ref=a"), referrer: "https://board.test/", ownHosts }),
    ).toBeNull();
    // The board's frame on an employer's careers page: a visit from there, not a move within.
    expect(
      sourceOf({ query: query(""), referrer: "https://board.test/embed/companies/a", ownHosts }),
    ).toBe("careers page");
    expect(
      sourceOf({
        query: query("utm_source=acme"),
        referrer: "https://board.test/embed/companies/a?theme=dark",
        ownHosts,
      }),
    ).toBe("acme");
    expect(
      sourceOf({ query: query(""), referrer: "https://board.test/embedded", ownHosts }),
    ).toBeNull();
    expect(normaliseSource("<script>")).toBeNull();
    expect(normaliseSource("https://x.example/")).toBeNull();
  });
});
