// @vitest-environment node
import { beforeAll, describe, expect, it } from "vitest";
import type { NewJob } from "@/lib/server/db/schema";
import { computeQuarterReport, quarterBounds, siteTotals } from "@/features/reports/server/reports";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";

const handle = setUpTestDatabase();

const at = (iso: string) => new Date(iso);
const sixtyDaysAfter = (date: Date) => new Date(date.getTime() + 60 * 86_400_000);

type Fixture = Partial<NewJob> & Pick<NewJob, "title" | "companyId" | "publishedAt">;

beforeAll(async () => {
  const { db } = handle;
  // Cobalt is inserted first so that its id sorts before Beta's: a tie between them in
  // topCompanies must then be broken by name, not by id.
  const cobalt = await insertCompany(db, "cobalt", "Cobalt Media");
  const acme = await insertCompany(db, "acme", "Acme Studios");
  const beta = await insertCompany(db, "beta", "Beta Talent");
  const add = (job: Fixture) =>
    insertJob(db, { expiresAt: sixtyDaysAfter(job.publishedAt as Date), ...job });

  // Q4 2024, [2024-10-01, 2025-01-01): K1-K3 count.
  await add({
    title: "K1 Backend Engineer",
    companyId: acme.id,
    department: "engineering",
    region: "remote",
    salaryMin: 90_000,
    salaryMax: 110_000, // midpoint 100,000
    status: "expired",
    publishedAt: at("2024-10-01T00:00:00Z"), // first instant of Q4
  });
  await add({
    title: "K2 Designer",
    companyId: beta.id,
    department: "design",
    region: "remote",
    salaryMin: 50_000,
    salaryMax: 50_000, // midpoint 50,000: the lower edge of "$50k–$80k"
    status: "filled",
    publishedAt: at("2024-11-15T12:00:00Z"),
  });
  await add({
    title: "K3 Account Executive",
    companyId: acme.id,
    department: "sales",
    region: "united-states",
    type: "part-time",
    status: "expired",
    publishedAt: at("2024-12-31T23:59:59.999Z"), // last instant of Q4
  });

  // Q1 2025, [2025-01-01, 2025-04-01): J1-J7 count.
  await add({
    title: "J1 Staff Engineer",
    companyId: acme.id,
    department: "engineering",
    region: "remote",
    salaryMin: 100_000,
    salaryMax: 140_000, // midpoint 120,000
    publishedAt: at("2025-01-01T00:00:00Z"), // on the Q4/Q1 boundary: Q1 only
  });
  await add({
    title: "J2 Engineer",
    companyId: acme.id,
    department: "engineering",
    region: "united-states",
    salaryMin: 60_000,
    salaryMax: 80_000, // midpoint 70,000
    status: "filled",
    publishedAt: at("2025-01-20T09:00:00Z"),
  });
  await add({
    title: "J3 Marketing Contractor",
    companyId: acme.id,
    department: "marketing",
    region: "remote",
    type: "contractor",
    salaryMin: 45_000, // only a minimum: midpoint 45,000
    status: "expired",
    publishedAt: at("2025-02-03T09:00:00Z"),
  });
  await add({
    title: "J4 London Designer",
    companyId: beta.id,
    department: "design",
    region: "united-kingdom",
    type: "part-time",
    salaryMin: 40_000,
    salaryMax: 50_000, // GBP: disclosed, but in neither the median nor the bands
    salaryCurrency: "GBP",
    publishedAt: at("2025-02-20T09:00:00Z"),
    expiresAt: at("2025-04-15T00:00:00Z"), // exactly the siteTotals instant: not listed then
  });
  await add({
    title: "J5 Social Marketer",
    companyId: beta.id,
    department: "marketing",
    region: "remote",
    publishedAt: at("2025-03-05T09:00:00Z"),
  });
  await add({
    title: "J6 Design Lead",
    companyId: cobalt.id,
    department: "design",
    region: "europe",
    salaryMax: 160_000, // only a maximum: midpoint 160,000
    publishedAt: at("2025-03-18T09:00:00Z"),
  });
  await add({
    title: "J7 Engineering Intern",
    companyId: cobalt.id,
    department: "engineering",
    region: "canada",
    type: "internship",
    publishedAt: at("2025-03-31T23:59:59Z"),
  });

  // Never counted. Were the pending one counted, Beta would lead Q1's companies, remote would
  // have 4 roles and the median would move to 120,000; were the rejected one, Cobalt would
  // pass Beta and Sales would have a role.
  await add({
    title: "Pending Engineer",
    companyId: beta.id,
    department: "engineering",
    region: "remote",
    salaryMin: 200_000,
    salaryMax: 200_000,
    status: "pending",
    publishedAt: at("2025-02-10T09:00:00Z"),
  });
  await add({
    title: "Rejected Seller",
    companyId: cobalt.id,
    department: "sales",
    region: "asia",
    status: "rejected",
    publishedAt: at("2025-03-10T09:00:00Z"),
  });
  // On the Q1/Q2 boundary: Q2 2025, not Q1.
  await add({
    title: "Q2 Producer",
    companyId: cobalt.id,
    department: "product",
    region: "remote",
    salaryMin: 300_000,
    salaryMax: 300_000,
    publishedAt: at("2025-04-01T00:00:00Z"),
  });
});

describe("quarterBounds", () => {
  it("spans the quarter's three months in UTC, end excluded", () => {
    expect(quarterBounds("Q1 2025")).toEqual({
      start: at("2025-01-01T00:00:00Z"),
      end: at("2025-04-01T00:00:00Z"),
    });
    expect(quarterBounds("Q3 2024")).toEqual({
      start: at("2024-07-01T00:00:00Z"),
      end: at("2024-10-01T00:00:00Z"),
    });
  });

  it("ends Q4 on New Year's Day of the next year", () => {
    expect(quarterBounds("Q4 2024")).toEqual({
      start: at("2024-10-01T00:00:00Z"),
      end: at("2025-01-01T00:00:00Z"),
    });
  });

  it("rejects anything but a quarter", () => {
    expect(() => quarterBounds("Q5 2024")).toThrow();
    expect(() => quarterBounds("2024 Q1")).toThrow();
    expect(() => quarterBounds("Q1 24")).toThrow();
  });
});

describe("computeQuarterReport for Q1 2025", () => {
  const report = () => computeQuarterReport(handle.db, "Q1 2025");

  it("counts live roles published in the quarter and their companies", async () => {
    expect(await report()).toMatchObject({
      quarter: "Q1 2025",
      start: "2025-01-01T00:00:00.000Z",
      end: "2025-04-01T00:00:00.000Z",
      // J1-J7; Acme (J1-J3), Beta (J4, J5), Cobalt (J6, J7).
      open_roles: 7,
      hiring_companies: 3,
      // Q4 2024: K1-K3 from Acme and Beta.
      previous: { quarter: "Q4 2024", open_roles: 3, hiring_companies: 2 },
    });
  });

  it("compares with the quarter before", async () => {
    const { change } = await report();
    // Roles (7 - 3) / 3 = 1.333...; companies (3 - 2) / 2 = 0.5.
    expect(change.open_roles).toBeCloseTo(4 / 3, 10);
    expect(change.hiring_companies).toBe(0.5);
  });

  it("breaks roles down by department, zeros included", async () => {
    // Engineering J1, J2, J7; Design J4, J6; Marketing J3, J5. Ties and zeros by label.
    expect((await report()).by_department).toEqual([
      { slug: "engineering", label: "Engineering", count: 3, share: 3 / 7 },
      { slug: "design", label: "Design", count: 2, share: 2 / 7 },
      { slug: "marketing", label: "Marketing", count: 2, share: 2 / 7 },
      { slug: "administration", label: "Administration", count: 0, share: 0 },
      { slug: "creator-partnerships", label: "Creator Partnerships", count: 0, share: 0 },
      { slug: "finance", label: "Finance", count: 0, share: 0 },
      { slug: "influencer-marketing", label: "Influencer Marketing", count: 0, share: 0 },
      { slug: "legal", label: "Legal", count: 0, share: 0 },
      { slug: "operations", label: "Operations", count: 0, share: 0 },
      { slug: "product", label: "Product", count: 0, share: 0 },
      { slug: "sales", label: "Sales", count: 0, share: 0 },
      { slug: "support", label: "Support", count: 0, share: 0 },
      { slug: "talent-management", label: "Talent Management", count: 0, share: 0 },
    ]);
  });

  it("breaks roles down by region and gives the remote share", async () => {
    const { by_region, remote_share } = await report();
    // Remote J1, J3, J5; one each in Canada J7, Europe J6, UK J4, US J2.
    expect(by_region).toEqual([
      { slug: "remote", label: "Remote", count: 3, share: 3 / 7 },
      { slug: "canada", label: "Canada", count: 1, share: 1 / 7 },
      { slug: "europe", label: "Europe", count: 1, share: 1 / 7 },
      { slug: "united-kingdom", label: "United Kingdom", count: 1, share: 1 / 7 },
      { slug: "united-states", label: "United States", count: 1, share: 1 / 7 },
      { slug: "africa", label: "Africa", count: 0, share: 0 },
      { slug: "asia", label: "Asia", count: 0, share: 0 },
      { slug: "australia", label: "Australia", count: 0, share: 0 },
      { slug: "south-america", label: "South America", count: 0, share: 0 },
    ]);
    expect(remote_share).toBe(3 / 7);
  });

  it("breaks roles down by type", async () => {
    // Full-time J1, J2, J5, J6; Contractor J3; Internship J7; Part-time J4.
    expect((await report()).by_type).toEqual([
      { slug: "full-time", label: "Full-time", count: 4, share: 4 / 7 },
      { slug: "contractor", label: "Contractor", count: 1, share: 1 / 7 },
      { slug: "internship", label: "Internship", count: 1, share: 1 / 7 },
      { slug: "part-time", label: "Part-time", count: 1, share: 1 / 7 },
    ]);
  });

  it("sums up pay: disclosed share over all currencies, median and bands over USD", async () => {
    // Disclosed: J1, J2, J3, J4 (GBP), J6 = 5 of 7.
    // USD midpoints: J3 45,000, J2 70,000, J1 120,000, J6 160,000; median (70,000 + 120,000) / 2.
    expect((await report()).salary).toEqual({
      disclosed_share: 5 / 7,
      median: 95_000,
      bands: [
        { label: "Under $50k", min: 0, max: 50_000, count: 1 }, // J3
        { label: "$50k–$80k", min: 50_000, max: 80_000, count: 1 }, // J2
        { label: "$80k–$110k", min: 80_000, max: 110_000, count: 0 },
        { label: "$110k–$150k", min: 110_000, max: 150_000, count: 1 }, // J1
        { label: "$150k and up", min: 150_000, max: null, count: 1 }, // J6
      ],
    });
  });

  it("ranks companies by roles, ties by name", async () => {
    // Acme 3; Beta and Cobalt 2 each, Beta first by name although Cobalt's id is lower.
    expect((await report()).top_companies).toEqual([
      { name: "Acme Studios", slug: "acme", count: 3 },
      { name: "Beta Talent", slug: "beta", count: 2 },
      { name: "Cobalt Media", slug: "cobalt", count: 2 },
    ]);
  });
});

describe("computeQuarterReport for Q4 2024", () => {
  it("reports every figure of the quarter", async () => {
    const report = await computeQuarterReport(handle.db, "Q4 2024");
    // K1 (engineering, remote, full-time, USD 100,000), K2 (design, remote, full-time,
    // USD 50,000), K3 (sales, US, part-time, undisclosed); J1 on 2025-01-01 is not in it.
    expect(report).toEqual({
      quarter: "Q4 2024",
      start: "2024-10-01T00:00:00.000Z",
      end: "2025-01-01T00:00:00.000Z",
      open_roles: 3,
      hiring_companies: 2,
      // Q3 2024 had no roles: there is nothing to take a relative change of.
      previous: { quarter: "Q3 2024", open_roles: 0, hiring_companies: 0 },
      change: { open_roles: null, hiring_companies: null },
      by_department: [
        { slug: "design", label: "Design", count: 1, share: 1 / 3 },
        { slug: "engineering", label: "Engineering", count: 1, share: 1 / 3 },
        { slug: "sales", label: "Sales", count: 1, share: 1 / 3 },
        { slug: "administration", label: "Administration", count: 0, share: 0 },
        { slug: "creator-partnerships", label: "Creator Partnerships", count: 0, share: 0 },
        { slug: "finance", label: "Finance", count: 0, share: 0 },
        { slug: "influencer-marketing", label: "Influencer Marketing", count: 0, share: 0 },
        { slug: "legal", label: "Legal", count: 0, share: 0 },
        { slug: "marketing", label: "Marketing", count: 0, share: 0 },
        { slug: "operations", label: "Operations", count: 0, share: 0 },
        { slug: "product", label: "Product", count: 0, share: 0 },
        { slug: "support", label: "Support", count: 0, share: 0 },
        { slug: "talent-management", label: "Talent Management", count: 0, share: 0 },
      ],
      by_region: [
        { slug: "remote", label: "Remote", count: 2, share: 2 / 3 },
        { slug: "united-states", label: "United States", count: 1, share: 1 / 3 },
        { slug: "africa", label: "Africa", count: 0, share: 0 },
        { slug: "asia", label: "Asia", count: 0, share: 0 },
        { slug: "australia", label: "Australia", count: 0, share: 0 },
        { slug: "canada", label: "Canada", count: 0, share: 0 },
        { slug: "europe", label: "Europe", count: 0, share: 0 },
        { slug: "south-america", label: "South America", count: 0, share: 0 },
        { slug: "united-kingdom", label: "United Kingdom", count: 0, share: 0 },
      ],
      by_type: [
        { slug: "full-time", label: "Full-time", count: 2, share: 2 / 3 },
        { slug: "part-time", label: "Part-time", count: 1, share: 1 / 3 },
        { slug: "contractor", label: "Contractor", count: 0, share: 0 },
        { slug: "internship", label: "Internship", count: 0, share: 0 },
      ],
      remote_share: 2 / 3,
      salary: {
        // K1 and K2 of 3; median of 50,000 and 100,000 is 75,000.
        disclosed_share: 2 / 3,
        median: 75_000,
        bands: [
          { label: "Under $50k", min: 0, max: 50_000, count: 0 },
          { label: "$50k–$80k", min: 50_000, max: 80_000, count: 1 }, // K2, on the lower edge
          { label: "$80k–$110k", min: 80_000, max: 110_000, count: 1 }, // K1
          { label: "$110k–$150k", min: 110_000, max: 150_000, count: 0 },
          { label: "$150k and up", min: 150_000, max: null, count: 0 },
        ],
      },
      top_companies: [
        { name: "Acme Studios", slug: "acme", count: 2 },
        { name: "Beta Talent", slug: "beta", count: 1 },
      ],
    });
  });
});

describe("computeQuarterReport for the first report, Q1 2024", () => {
  it("has no previous quarter, and empty figures without roles", async () => {
    const report = await computeQuarterReport(handle.db, "Q1 2024");
    expect(report).toMatchObject({
      open_roles: 0,
      hiring_companies: 0,
      previous: null,
      change: { open_roles: null, hiring_companies: null },
      remote_share: 0,
      salary: { disclosed_share: 0, median: null },
      top_companies: [],
    });
    expect(report.salary.bands.map((band) => band.count)).toEqual([0, 0, 0, 0, 0]);
    // All zero, so in label order; regions are not alphabetical in the taxonomy.
    expect(report.by_region.map((region) => region.label)).toEqual([
      "Africa",
      "Asia",
      "Australia",
      "Canada",
      "Europe",
      "Remote",
      "South America",
      "United Kingdom",
      "United States",
    ]);
    expect(report.by_region.every((region) => region.count === 0 && region.share === 0)).toBe(true);
  });
});

describe("computeQuarterReport top companies", () => {
  it("lists at most ten companies", async () => {
    // Q3 2025: "Studio 01" to "Studio 11", one filled role each and a second for Studio 11.
    // Studio 11 leads with 2; then ten ties at 1, of which the first nine by name fit.
    for (let i = 1; i <= 11; i++) {
      const name = `Studio ${String(i).padStart(2, "0")}`;
      const company = await insertCompany(handle.db, `studio-${i}`, name);
      const roles = i === 11 ? 2 : 1;
      for (let role = 1; role <= roles; role++) {
        await insertJob(handle.db, {
          title: `${name} Editor ${role}`,
          companyId: company.id,
          status: "filled",
          publishedAt: at("2025-08-01T00:00:00Z"),
        });
      }
    }
    const report = await computeQuarterReport(handle.db, "Q3 2025");
    expect(report).toMatchObject({ open_roles: 12, hiring_companies: 11 });
    expect(report.top_companies.map((company) => [company.name, company.count])).toEqual([
      ["Studio 11", 2],
      ...Array.from({ length: 9 }, (_, i) => [`Studio 0${i + 1}`, 1]),
    ]);
  });
});

describe("siteTotals", () => {
  it("counts open, unexpired jobs and their companies", async () => {
    // On 2025-04-15: J5 (Beta), J6, J7 and the Q2 producer (Cobalt) are open and unexpired.
    // J4 expires at that very instant; J1 expired on 2025-03-02; the rest are not open, and the
    // Q3 2025 studio roles are filled.
    expect(await siteTotals(handle.db, at("2025-04-15T00:00:00Z"))).toEqual({
      openRoles: 4,
      companies: 2,
    });
  });
});
