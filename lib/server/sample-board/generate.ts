import type { ListingPlanId } from "@/lib/model/billing";
import { PERIODS_PER_YEAR, type SalaryPeriod } from "@/features/jobs/pay";
import {
  DEPARTMENTS,
  JOB_TYPES,
  REGIONS,
  type DepartmentSlug,
  type JobTypeSlug,
  type RegionSlug,
} from "../../taxonomy";
import type { ApplicantMailFrequency, ApplyMethod } from "@/features/jobs/constants";
import type { JobStatus, NewCompany, NewJob, ScreeningQuestion } from "../db/schema";
import { jobPlaceOf } from "@/features/jobs/server/job-place";
import { slugify } from "../slug";
import { SCREENING_QUESTIONS } from "./application-vocabulary";
import { monogramFor, type Monogram } from "./monogram";
import { createRandom, createWeightedPicker, type Random } from "./random";
import {
  BENEFITS,
  BRAND_LINES,
  CITIES,
  CLOSINGS,
  COMPANY_BASES,
  COMPANY_CULTURE,
  COMPANY_FIGURES,
  COMPANY_KINDS,
  DEPARTMENT_CONTENT,
  ENGAGEMENT,
  EXPERIENCE,
  HEADQUARTERS_REGIONS,
  INTERNSHIP_PAY,
  JOB_TYPE_WEIGHTS,
  LEADERSHIP_RESPONSIBILITIES,
  LEVEL_PAY,
  LEVEL_WEIGHTS,
  NICHES,
  PLATFORMS,
  REGION_PAY,
  REMOTE_PLACES,
  SECTION_HEADINGS,
  TYPE_PAY,
  WORKPLACE,
  WORLDWIDE_REMOTE,
  type CompanyKind,
  type Level,
  type NamePattern,
  type PlaceRegion,
  type RoleTrack,
  type Weighted,
} from "./vocabulary";

export type SampleBoardOptions = {
  seed?: number;
  jobs?: number;
  companies?: number;
  /**
   * The moment the board is "as of": the open jobs were published within their plan's days
   * before it (30, or 60 on the Featured plan) and expire after it; the others were published in
   * every quarter from Q1 2024 on (so every hiring report through the last completed quarter,
   * and the salary pages, have figures) and have since been filled or run out. The board is the
   * same for the same options; only the dates, and how jobs spread over them, follow `now`.
   * Meant to be after 2024.
   */
  now?: Date;
};

export type SampleCompany = Omit<NewCompany, "id"> & {
  slug: string;
  name: string;
  website: string;
  /** Stored by the seed, which draws `monogram` and stores it as an upload would be. */
  logoUrl: null;
  about: string;
  /** The company's logo, a monogram (seed/monogram.ts), or null for the few with none. */
  monogram: Monogram | null;
};

export type SampleJob = Omit<
  NewJob,
  "id" | "companyId" | "createdAt" | "updatedAt" | "searchVector" | "titleVector"
> & {
  /** Index into the board's `companies`. */
  companyIndex: number;
  department: DepartmentSlug;
  region: RegionSlug;
  type: JobTypeSlug;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: "USD";
  salaryPeriod: SalaryPeriod;
  applyUrl: string | null;
  applyEmail: string | null;
  /** On the board (no link or address then), at the company's careers page, or by email. */
  applyMethod: ApplyMethod;
  /** Asked of each applicant on the board: none for a listing that takes them elsewhere. */
  screeningQuestions: ScreeningQuestion[];
  applicationsCloseAt: Date | null;
  applicantMail: ApplicantMailFrequency;
  status: JobStatus;
  sponsored: boolean;
  /** Sponsored sample jobs were bought, and paid for, on the Sponsored or Featured plan. */
  plan: ListingPlanId;
  paymentStatus: "none" | "paid";
  publishedAt: Date;
  expiresAt: Date;
};

export type SampleBoard = { companies: SampleCompany[]; jobs: SampleJob[] };

export const SAMPLE_BOARD_DEFAULTS = {
  seed: 2023,
  jobs: 2_600,
  companies: 800,
  now: new Date("2026-11-20T12:00:00Z"),
} as const;

/** Sample companies live under the reserved .example TLD, so no link or email reaches anyone. */
export const SAMPLE_DOMAIN_SUFFIX = ".example";

const DEPARTMENT_SLUGS = DEPARTMENTS.map((entry) => entry.slug);
const REGION_SLUGS = REGIONS.map((entry) => entry.slug);
const JOB_TYPE_SLUGS = JOB_TYPES.map((entry) => entry.slug);

const DAY = 86_400_000;
/** How long a listing on `plan` runs, as migration 0040 seeds the offer: 30 days, 60 on Featured. */
const SEED_PLAN_DAYS: Record<string, number> = { standard: 30, sponsored: 30, featured: 60 };
const planDays = (plan: ListingPlanId): number => SEED_PLAN_DAYS[plan]!;
/** A standard listing's run: the open jobs were published within it, the others before it. */
const RECENT_DAYS = planDays("standard");
/** Jobs are published from the first report quarter on, Q1 2024 (features/reports/reports.ts). */
const FIRST_QUARTER_YEAR = 2024;
/** Hiring grows over time: each quarter by a tenth of the first quarter's volume. */
const QUARTERLY_GROWTH = 0.1;
/**
 * Share of jobs open now, published in the RECENT_DAYS before `now`: enough for the 1,250+ open
 * roles the report blurbs name (features/reports/reports.ts). The rest are the quarters' history.
 */
const OPEN_SHARE = 0.5;
/** Of the jobs that have ended, those filled; the others ran out. */
const FILLED_SHARE = 0.45;
/** Of the sponsored jobs, those bought on the Featured plan: they run 60 days, not 30. */
const FEATURED_SHARE = 0.3;
/** Companies whose every job has closed: they still have a page, with no open roles. */
const CLOSED_COMPANY_SHARE = 0.03;
const SPONSORED_PER_JOBS = 100;
const SPONSORED_RANGE = [10, 20] as const;
/** On a small board, no more than this share of it is sponsored. */
const SPONSORED_MAX_SHARE = 0.05;
const SALARY_SHARE = 0.75;
const EMAIL_APPLY_SHARE = 0.15;
const REMOTE_FIRST_SHARE = 0.2;
/** Companies with no logo, as some on a real board have none. */
const NO_LOGO_SHARE = 0.12;
const DESCRIPTION_MAX_WORDS = 400;

/**
 * Listings that take applications on the board (issue 27): a share of the open ones published
 * a week or more before `now`, old enough for their applicants to have reached every stage,
 * and a few closed ones whose applicants were hired, turned down or closed out. Never the newest
 * days': the browser tests press the Apply link or address of the board's first pages
 * (e2e/listing-stats.spec.ts, e2e/page-start.spec.ts), and of design's remote jobs' second page
 * (e2e/jobs.spec.ts); tests/db/seed.test.ts holds them to it.
 */
const BOARD_APPLY = {
  /** Of the open listings published in the window. */
  share: 0.06,
  fromDays: 8,
  toDays: RECENT_DAYS,
  /** Closed listings with applicants: ended this recently, so their CVs are still kept. */
  closed: 4,
  closedWithinDays: 150,
  /** Of open board listings, those that stop taking applications before they end. */
  closingDateShare: 0.2,
  /** Of board listings, those whose employer hears of applicants in a daily digest. */
  dailyMailShare: 0.4,
} as const;
/** How many screening questions a board listing asks. */
const QUESTION_COUNTS: Weighted<number> = [
  [0, 2],
  [1, 3],
  [2, 3],
  [3, 2],
];

type CompanyProfile = {
  company: SampleCompany;
  /** Words in `company.about`, counted once for every description that quotes it. */
  aboutWords: number;
  kind: CompanyKind;
  domain: string;
  hqRegion: PlaceRegion;
  city: string;
  remoteFirst: boolean;
  platforms: readonly string[];
  niche: string;
  applyByEmail: boolean;
};

type JobDraft = {
  companyIndex: number;
  department: DepartmentSlug;
  region: RegionSlug;
  type: JobTypeSlug;
  publishedAt: number;
  plan: ListingPlanId;
  status: JobStatus;
  sponsored: boolean;
};

/**
 * A realistic, deterministic job board: the same options always give the same board. Pure: no
 * clock, no I/O, no global randomness.
 */
export function generateSampleBoard(options: SampleBoardOptions = {}): SampleBoard {
  const seed = options.seed ?? SAMPLE_BOARD_DEFAULTS.seed;
  const jobCount = options.jobs ?? SAMPLE_BOARD_DEFAULTS.jobs;
  const companyCount = options.companies ?? SAMPLE_BOARD_DEFAULTS.companies;
  const now = (options.now ?? SAMPLE_BOARD_DEFAULTS.now).getTime();
  if (!Number.isInteger(companyCount) || companyCount < 1) {
    throw new RangeError("A sample board needs a whole, positive number of companies");
  }
  if (!Number.isInteger(jobCount) || jobCount < companyCount) {
    throw new RangeError("A sample board needs at least one job per company");
  }

  const random = createRandom(seed);
  const profiles = createCompanies(random, companyCount);
  const drafts = draftJobs(random, profiles, jobCount, now);
  ensureOpenCoverage(random, drafts, "department", DEPARTMENT_SLUGS);
  ensureOpenCoverage(random, drafts, "region", REGION_SLUGS);
  ensureOpenCoverage(random, drafts, "type", JOB_TYPE_SLUGS);
  sponsorRecentJobs(random, drafts);
  // Published order, so that ids assigned on insert grow with time as they would on a real board.
  drafts.sort((a, b) => a.publishedAt - b.publishedAt || a.companyIndex - b.companyIndex);

  const jobs = drafts.map((draft) => writeJob(random, draft, profiles[draft.companyIndex]!));
  // Drawn last, so that logos leave the rest of the board as it was before there were any. A
  // company that paid for a sponsored listing has a logo, as on real boards.
  const sponsors = new Set(drafts.filter((draft) => draft.sponsored).map((d) => d.companyIndex));
  profiles.forEach(({ company }, index) => {
    if (random.chance(NO_LOGO_SHARE) && !sponsors.has(index)) company.monogram = null;
  });
  // From a stream of its own, so that the rest of the board is as it was before listings took
  // applications on the board.
  takeApplicationsOnTheBoard(createRandom(seed + BOARD_APPLY_STREAM), jobs, now);
  return { companies: profiles.map((profile) => profile.company), jobs };
}

// ---------------------------------------------------------------------------------------------
// Companies

const COMPANY_KIND_WEIGHTS: Weighted<CompanyKind> = Object.entries(COMPANY_KINDS).map(
  ([kind, profile]) => [kind as CompanyKind, profile.weight] as const,
);

function createCompanies(random: Random, count: number): CompanyProfile[] {
  const nameCompany = createNamer(random);
  const profiles: CompanyProfile[] = [];
  for (let index = 0; index < count; index++) {
    const { kind, name, suffix } = nameCompany(random.weighted(COMPANY_KIND_WEIGHTS));
    const slug = slugify(name);
    const domain = domainFor(slug);
    const hqRegion = random.weighted(HEADQUARTERS_REGIONS);
    const city = random.pick(CITIES[hqRegion]);
    const remoteFirst = random.chance(REMOTE_FIRST_SHARE);
    const platforms = pickPlatforms(random);
    const line =
      kind === "creator-brand"
        ? (BRAND_LINES.find((entry) => entry.suffix === suffix) ?? random.pick(BRAND_LINES))
        : undefined;
    const niche = line?.niche ?? random.pick(NICHES);
    const base = random.pick(remoteFirst ? COMPANY_BASES.remoteFirst : COMPANY_BASES.office);
    const about = describeCompany(random, kind, base, {
      company: name,
      cityName: cityName(city),
      niche,
      productLabel: line?.label ?? niche,
      products: line?.products ?? "products",
      ...platformValues(platforms),
    });
    profiles.push({
      company: {
        slug,
        name,
        website: `https://${domain}`,
        logoUrl: null,
        about,
        monogram: monogramFor(name),
      },
      aboutWords: countWords(about),
      kind,
      domain,
      hqRegion,
      city,
      remoteFirst,
      platforms,
      niche,
      applyByEmail: random.chance(EMAIL_APPLY_SHARE),
    });
  }
  return profiles;
}

/**
 * What tells apart two companies of the same name on a very big board (a benchmark's), as a
 * place or a unit does on real ones: "Lumen Studio London". Past these, a number.
 */
const NAME_QUALIFIERS = [
  "London",
  "Austin",
  "Berlin",
  "Toronto",
  "Sydney",
  "Lisbon",
  "Seoul",
  "Lagos",
  "Mexico City",
  "Dublin",
  "Singapore",
  "Amsterdam",
  "Nashville",
  "Melbourne",
  "Nairobi",
  "São Paulo",
] as const;

/**
 * Draws unique names from every pattern's full list of combinations, shuffled once, so names
 * never repeat and drawing stays fast even for thousands of companies. When every combination
 * is taken (some 50,000), the lists are drawn again with a place after each name, then a number.
 */
export function createNamer(random: Random) {
  const taken = new Set<string>();
  const pools = new Map<NamePattern, { names: (readonly [string, string])[]; next: number }>();
  const kinds = Object.keys(COMPANY_KINDS) as CompanyKind[];
  let round = 0;
  const qualified = (name: string) =>
    round === 0
      ? name
      : `${name} ${NAME_QUALIFIERS[round - 1] ?? round - NAME_QUALIFIERS.length + 1}`;

  const draw = (pattern: NamePattern): { name: string; suffix: string } | undefined => {
    let pool = pools.get(pattern);
    if (!pool) {
      const names: (readonly [string, string])[] = [];
      for (const first of pattern.first) {
        for (const second of pattern.second) {
          if (first !== second) names.push([`${first}${pattern.joiner}${second}`, second]);
        }
      }
      pool = { names: random.shuffle(names), next: 0 };
      pools.set(pattern, pool);
    }
    while (pool.next < pool.names.length) {
      const [plain, suffix] = pool.names[pool.next++]!;
      const name = qualified(plain);
      const slug = slugify(name);
      const domain = domainFor(slug);
      if (!taken.has(slug) && !taken.has(domain)) {
        taken.add(slug);
        taken.add(domain);
        return { name, suffix };
      }
    }
    return undefined;
  };

  return (preferred: CompanyKind): { kind: CompanyKind; name: string; suffix: string } => {
    for (;;) {
      for (const kind of [preferred, ...kinds.filter((other) => other !== preferred)]) {
        const patterns = [...COMPANY_KINDS[kind].names];
        while (patterns.length > 0) {
          const pattern = random.weighted(patterns.map((entry) => [entry, entry.weight] as const));
          const drawn = draw(pattern);
          if (drawn) return { kind, ...drawn };
          patterns.splice(patterns.indexOf(pattern), 1);
        }
      }
      // Every combination is taken: the next round draws them all again, qualified.
      round += 1;
      for (const pool of pools.values()) pool.next = 0;
    }
  };
}

function pickPlatforms(random: Random): string[] {
  const chosen: string[] = [];
  while (chosen.length < 3) {
    const platform = random.weighted(PLATFORMS);
    if (!chosen.includes(platform)) chosen.push(platform);
  }
  return chosen;
}

function platformValues(platforms: readonly string[]) {
  const [platform = "YouTube", platform2 = "TikTok", platform3 = "Instagram"] = platforms;
  return { platform, platform2, platforms: `${platform}, ${platform2} and ${platform3}` };
}

function describeCompany(
  random: Random,
  kind: CompanyKind,
  base: string,
  values: Readonly<Record<string, string>>,
): string {
  const profile = COMPANY_KINDS[kind];
  const founded = random.int(2012, 2023);
  const figures = {
    ...values,
    founded: String(founded),
    fundingYear: String(random.int(Math.max(founded + 1, 2019), 2025)),
    team: `${random.int(8, 240)} people`,
    roster: String(random.int(2, 30) * 10),
    deals: withThousands(random.int(2, 25) * 100),
    channels: String(random.int(4, 40)),
    reach: random.pick(COMPANY_FIGURES.reach),
    views: random.pick(COMPANY_FIGURES.views),
    orders: random.pick(COMPANY_FIGURES.orders),
    creators: random.pick(COMPANY_FIGURES.creators),
    payouts: random.pick(COMPANY_FIGURES.payouts),
    teams: random.pick(COMPANY_FIGURES.teams),
    series: random.pick(COMPANY_FIGURES.series),
  };
  return [
    `{company} is ${random.pick(profile.descriptors)}, ${base}.`,
    random.pick(profile.activities),
    random.pick(profile.proofPoints),
    random.pick(COMPANY_CULTURE),
  ]
    .map((sentence) => fill(sentence, figures))
    .join(" ");
}

// ---------------------------------------------------------------------------------------------
// Jobs: who, what, where and when

const KIND_DEPARTMENTS = new Map<CompanyKind, Weighted<DepartmentSlug>>(
  (Object.keys(COMPANY_KINDS) as CompanyKind[]).map((kind) => [
    kind,
    DEPARTMENTS.map(({ slug }) => [slug, COMPANY_KINDS[kind].departments[slug]] as const),
  ]),
);

function draftJobs(
  random: Random,
  profiles: readonly CompanyProfile[],
  count: number,
  now: number,
): JobDraft[] {
  const owners = companiesForJobs(random, profiles.length, count);
  const open = openJobs(random, owners, profiles.length, count);
  // The jobs that have ended were published before the open ones' run, in every quarter.
  const historyEnd = now - RECENT_DAYS * DAY;
  const windows = publicationWindows(random, count - open.size, historyEnd);
  let history = 0;
  return owners.map((companyIndex, index) => {
    const profile = profiles[companyIndex]!;
    const isOpen = open.has(index);
    const [start, end] = isOpen ? [historyEnd, now - 60_000] : windows[history++]!;
    const publishedAt = start + Math.floor(random.next() * (end - start));
    return {
      companyIndex,
      department: random.weighted(KIND_DEPARTMENTS.get(profile.kind)!),
      region: pickRegion(random, profile),
      type: random.weighted(JOB_TYPE_WEIGHTS),
      publishedAt: publishedAt - (publishedAt % 1000),
      plan: "standard",
      status: isOpen ? "open" : random.chance(FILLED_SHARE) ? "filled" : "expired",
      sponsored: false,
    };
  });
}

/**
 * Which jobs (by index into `owners`) are open: each company's first, but for the few companies
 * whose every job has ended (they still have a page, with no open roles), then others drawn at
 * random from the companies still hiring, OPEN_SHARE of the board in all.
 */
function openJobs(
  random: Random,
  owners: readonly number[],
  companyCount: number,
  count: number,
): Set<number> {
  const closed = new Set(
    random.sample(
      Array.from({ length: companyCount }, (_, index) => index),
      Math.round(companyCount * CLOSED_COMPANY_SHARE),
    ),
  );
  const hiring = owners.flatMap((companyIndex, index) => (closed.has(companyIndex) ? [] : [index]));
  const anchors = hiring.filter((index) => index < companyCount);
  const others = hiring.filter((index) => index >= companyCount);
  const wanted = Math.min(Math.max(Math.round(count * OPEN_SHARE), anchors.length), hiring.length);
  return new Set([...anchors, ...random.sample(others, wanted - anchors.length)]);
}

/** Every company gets one job; the rest go mostly to a few large employers, as on real boards. */
function companiesForJobs(random: Random, companyCount: number, jobCount: number): number[] {
  const indexes = Array.from({ length: companyCount }, (_, index) => index);
  const ranks = random.shuffle([...indexes]);
  const weights = new Array<number>(companyCount);
  ranks.forEach((companyIndex, rank) => {
    weights[companyIndex] = 1 / (rank + 8);
  });
  const pickOwner = createWeightedPicker(indexes, weights);
  const owners = [...indexes];
  for (let index = companyCount; index < jobCount; index++) owners.push(pickOwner(random));
  return owners;
}

/**
 * Exact counts per quarter (not random draws) up to `end`, so every quarter is covered at any
 * seed.
 */
function publicationWindows(
  random: Random,
  count: number,
  end: number,
): (readonly [number, number])[] {
  const quarters = quarterWindows(end);
  const counts = apportion(
    count,
    quarters.map(([, , weight]) => weight),
  );
  const assigned: (readonly [number, number])[] = [];
  quarters.forEach(([start, cut], index) => {
    for (let n = 0; n < counts[index]!; n++) assigned.push([start, cut]);
  });
  return random.shuffle(assigned);
}

/**
 * Every quarter from Q1 2024 to the one `now` is in, that one cut at `now`, each weighted by how
 * much hiring had grown by then and, for the cut one, by the part of it that has passed.
 */
function quarterWindows(now: number): (readonly [start: number, end: number, weight: number])[] {
  const windows: (readonly [number, number, number])[] = [];
  for (let index = 0; ; index++) {
    // Date.UTC carries months past December over into the next years.
    const start = Date.UTC(FIRST_QUARTER_YEAR, index * 3, 1);
    const end = Date.UTC(FIRST_QUARTER_YEAR, (index + 1) * 3, 1);
    if (start >= now) return windows;
    const cut = Math.min(end, now);
    windows.push([start, cut, ((1 + QUARTERLY_GROWTH * index) * (cut - start)) / (end - start)]);
  }
}

/** Largest-remainder apportionment: whole counts proportional to weights, summing to `total`. */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((acc, n) => acc + n, 0);
  const byRemainder = exact
    .map((value, index) => [value - Math.floor(value), index] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, index] of byRemainder) {
    if (left === 0) break;
    counts[index]! += 1;
    left -= 1;
  }
  return counts;
}

function pickRegion(random: Random, profile: CompanyProfile): RegionSlug {
  if (profile.remoteFirst) return random.chance(0.85) ? "remote" : profile.hqRegion;
  const roll = random.next();
  if (roll < 0.27) return "remote";
  if (roll < 0.9) return profile.hqRegion;
  return random.weighted(HEADQUARTERS_REGIONS);
}

/** Every department, region and type has open jobs, however small the board. */
function ensureOpenCoverage<K extends "department" | "region" | "type">(
  random: Random,
  drafts: JobDraft[],
  key: K,
  values: readonly JobDraft[K][],
) {
  const open = drafts.filter((draft) => draft.status === "open");
  const counts = new Map<JobDraft[K], number>();
  for (const draft of open) counts.set(draft[key], (counts.get(draft[key]) ?? 0) + 1);
  for (const value of values) {
    if (counts.has(value)) continue;
    const donors = open.filter((draft) => (counts.get(draft[key]) ?? 0) > 1);
    if (donors.length === 0) return;
    const donor = random.pick(donors);
    counts.set(donor[key], (counts.get(donor[key]) ?? 0) - 1);
    donor[key] = value;
    counts.set(value, 1);
  }
}

/**
 * Sponsors a few open jobs, bought on the Sponsored plan or, some, on the Featured one: those run
 * twice as long, and were published up to that much earlier.
 */
function sponsorRecentJobs(random: Random, drafts: JobDraft[]) {
  const recent = drafts.filter((draft) => draft.status === "open");
  const [fewest, most] = SPONSORED_RANGE;
  const wanted = Math.min(
    Math.max(Math.round(drafts.length / SPONSORED_PER_JOBS), fewest),
    most,
    Math.ceil(drafts.length * SPONSORED_MAX_SHARE),
  );
  random.sample(recent, wanted).forEach((draft) => {
    draft.sponsored = true;
    draft.plan = random.chance(FEATURED_SHARE) ? "featured" : "sponsored";
    if (draft.plan === "featured") {
      const longer = (planDays("featured") - RECENT_DAYS) * DAY;
      draft.publishedAt -= Math.floor((random.next() * longer) / 1000) * 1000;
    }
  });
}

/** When a listing ends: its plan's days after it was published (none has been renewed). */
const expiryOf = (draft: JobDraft): number => draft.publishedAt + planDays(draft.plan) * DAY;

// ---------------------------------------------------------------------------------------------
// Jobs: the words

function writeJob(random: Random, draft: JobDraft, profile: CompanyProfile): SampleJob {
  const content = DEPARTMENT_CONTENT[draft.department];
  const track = random.weighted(content.tracks.map((entry) => [entry, entry.weight] as const));
  const level: Level = draft.type === "internship" ? "intern" : random.weighted(LEVEL_WEIGHTS);
  const title = pickTitle(random, track, level, draft);
  const place = describePlace(random, draft.region, profile);
  const yearly = random.chance(SALARY_SHARE)
    ? payRange(random, content.salary, level, draft)
    : null;
  // Contractors are paid by the hour: the same pay over a year's 2,080 hours.
  const period: SalaryPeriod = draft.type === "contractor" ? "hour" : "year";
  const pay = yearly?.map((amount) =>
    Math.max(1, Math.round(amount / PERIODS_PER_YEAR[period])),
  ) as readonly [number, number] | undefined;
  const { company } = profile;
  const slug = slugify(`${title} at ${company.name}`);
  const description = describeJob(random, { draft, profile, track, level, title, place });
  return {
    companyIndex: draft.companyIndex,
    slug,
    title,
    department: draft.department,
    region: draft.region,
    type: draft.type,
    location: place.location,
    // Where it can be done as data, read from its own label (the two agree), with the countries
    // of a remote job whose label names none.
    ...jobPlaceOf(place.location, draft.region),
    ...(place.countries ? { remoteCountries: [...place.countries] } : {}),
    salaryMin: pay?.[0] ?? null,
    salaryMax: pay?.[1] ?? null,
    salaryCurrency: "USD",
    salaryPeriod: period,
    description,
    applyUrl: profile.applyByEmail ? null : `${company.website}/careers/${slug}`,
    applyEmail: profile.applyByEmail ? `jobs@${profile.domain}` : null,
    applyMethod: profile.applyByEmail ? "email" : "link",
    screeningQuestions: [],
    applicationsCloseAt: null,
    applicantMail: "instant",
    status: draft.status,
    sponsored: draft.sponsored,
    plan: draft.plan,
    paymentStatus: draft.sponsored ? "paid" : "none",
    publishedAt: new Date(draft.publishedAt),
    expiresAt: new Date(expiryOf(draft)),
  };
}

function pickTitle(random: Random, track: RoleTrack, level: Level, draft: JobDraft): string {
  if (level === "senior" && random.chance(0.4)) {
    const title = random.pick(track.titles.mid);
    if (!/^(Senior|Lead|Head|Chief)\b/.test(title)) return `Senior ${title}`;
  }
  const title = random.pick(track.titles[level]);
  const freelance =
    draft.type === "contractor" &&
    draft.department === "design" &&
    (level === "junior" || level === "mid") &&
    random.chance(0.35);
  return freelance ? `Freelance ${title}` : title;
}

type Place = { location: string; sentence: string; countries?: readonly string[] };

function describePlace(random: Random, region: RegionSlug, profile: CompanyProfile): Place {
  if (region === "remote") {
    const place = random.chance(0.15)
      ? random.pick(WORLDWIDE_REMOTE)
      : random.pick(REMOTE_PLACES[profile.hqRegion]);
    return {
      location: place.label,
      sentence: fill(random.pick(WORKPLACE.remote), { remoteArea: place.area }),
      countries: place.countries,
    };
  }
  const city =
    region === profile.hqRegion && random.chance(0.8) ? profile.city : random.pick(CITIES[region]);
  return {
    location: city,
    sentence: fill(random.pick(WORKPLACE.office), { cityName: cityName(city) }),
  };
}

function payRange(
  random: Random,
  band: readonly [number, number],
  level: Level,
  draft: JobDraft,
): readonly [number, number] {
  const [low, high] = level === "intern" ? INTERNSHIP_PAY : band;
  const typePay = draft.type === "internship" ? 1 : TYPE_PAY[draft.type];
  const levelPay = level === "intern" ? 1 : LEVEL_PAY[level];
  const point =
    (low + random.next() * (high - low)) * levelPay * typePay * REGION_PAY[draft.region];
  const min = Math.max(1_000, roundToThousand(point));
  const max = Math.max(min, roundToThousand(min * (1.1 + random.next() * 0.3)));
  return [min, max];
}

const roundToThousand = (value: number): number => Math.round(value / 1_000) * 1_000;

type JobText = {
  draft: JobDraft;
  profile: CompanyProfile;
  track: RoleTrack;
  level: Level;
  title: string;
  place: Place;
};

function describeJob(random: Random, { draft, profile, track, level, title, place }: JobText) {
  const values = {
    company: profile.company.name,
    title,
    aTitle: withArticle(title),
    area: track.area,
    cityName: cityName(profile.city),
    niche: profile.niche,
    ...platformValues(profile.platforms),
    hours: String(random.pick([16, 20, 24, 30])),
    months: String(random.pick([3, 6, 6, 9, 12])),
    weeks: String(random.pick([10, 12, 12, 16])),
    pto: String(random.pick([20, 25, 25, 28, 30])),
    budget: random.pick(["$1,000", "$1,500", "$2,000", "$2,500"]),
  };
  const text = (template: string) => fill(template, values);

  const intro = [random.pick(track.intros), random.pick(ENGAGEMENT[draft.type])]
    .map(text)
    .concat(place.sentence)
    .join(" ");
  const responsibilities = random
    .sample(track.responsibilities, random.int(4, 6))
    .map((item) => (level === "intern" && random.chance(0.5) ? `Help ${lowerFirst(item)}` : item));
  if (level === "lead") responsibilities.unshift(random.pick(LEADERSHIP_RESPONSIBILITIES));
  const requirements = [
    random.pick(EXPERIENCE[level]),
    ...random.sample(track.requirements, random.int(2, 4)),
  ];
  const niceToHaves = random.chance(0.75) ? random.sample(track.niceToHaves, random.int(2, 3)) : [];
  const benefits = random.sample(BENEFITS[draft.type], random.int(3, 5));
  const closing = random.sample(CLOSINGS, random.int(1, 2)).map(text).join(" ");
  const sections: [heading: string, items: string[]][] = [
    [random.pick(SECTION_HEADINGS.responsibilities), responsibilities.map(text)],
    [random.pick(SECTION_HEADINGS.requirements), requirements.map(text)],
    [random.pick(SECTION_HEADINGS.niceToHaves), niceToHaves.map(text)],
    [random.pick(SECTION_HEADINGS.benefits), benefits.map(text)],
  ];
  const roleHeading = random.pick(SECTION_HEADINGS.role);

  // A long blurb plus long lists can overshoot; trim the longest list until the text fits.
  let words =
    profile.aboutWords +
    countWords(`About ${profile.company.name} ${roleHeading} ${intro} ${closing}`) +
    sections.reduce(
      (sum, [heading, items]) =>
        sum + countWords(heading) + items.reduce((acc, item) => acc + countWords(item), 0),
      0,
    );
  while (words > DESCRIPTION_MAX_WORDS) {
    const longest = sections
      .map(([, items]) => items)
      .filter((items) => items.length > 2)
      .sort((a, b) => b.length - a.length)[0];
    if (!longest) break;
    words -= countWords(longest.pop()!);
  }

  return [
    `## About ${profile.company.name}`,
    profile.company.about,
    `## ${roleHeading}`,
    intro,
    ...sections.flatMap(([heading, items]) =>
      items.length > 0 ? [`## ${heading}`, items.map((item) => `- ${item}`).join("\n")] : [],
    ),
    closing,
  ].join("\n\n");
}

// ---------------------------------------------------------------------------------------------
// Jobs: applications on the board

/** Added to the board's seed for the stream that chooses how listings take applications. */
const BOARD_APPLY_STREAM = 27;

/**
 * A job as seed.ts matches it to its row: by its company, slug and publication (RETURNING's order
 * is not promised). Only listings whose key no other job shares take applications on the board.
 */
export const sampleJobKey = (company: number, slug: string, publishedAt: Date): string =>
  `${company}\0${slug}\0${publishedAt.getTime()}`;

/** Turns some listings into ones that take applications on the board (BOARD_APPLY). */
function takeApplicationsOnTheBoard(random: Random, jobs: SampleJob[], now: number) {
  const keys = tallyOf(
    jobs.map((job) => sampleJobKey(job.companyIndex, job.slug, job.publishedAt)),
  );
  const unique = (job: SampleJob) =>
    keys.get(sampleJobKey(job.companyIndex, job.slug, job.publishedAt)) === 1;
  const age = (job: SampleJob) => now - job.publishedAt.getTime();
  const open = jobs.filter(
    (job) =>
      job.status === "open" &&
      !job.sponsored &&
      age(job) >= BOARD_APPLY.fromDays * DAY &&
      age(job) < BOARD_APPLY.toDays * DAY &&
      unique(job),
  );
  const closed = jobs.filter(
    (job) =>
      job.status !== "open" &&
      job.expiresAt.getTime() < now &&
      job.expiresAt.getTime() >= now - BOARD_APPLY.closedWithinDays * DAY &&
      unique(job),
  );
  const chosen = [
    ...open.filter(() => random.chance(BOARD_APPLY.share)),
    ...random.sample(closed, BOARD_APPLY.closed),
  ];
  for (const job of chosen) {
    job.applyMethod = "board";
    job.applyUrl = null;
    job.applyEmail = null;
    job.screeningQuestions = screeningQuestionsFor(random, job.department);
    job.applicantMail = random.chance(BOARD_APPLY.dailyMailShare) ? "daily" : "instant";
    if (job.status === "open" && random.chance(BOARD_APPLY.closingDateShare)) {
      // The end of a UTC day from tomorrow on, as the listing's form closes it
      // (features/listings/server/listing-columns.ts), and before the listing itself ends.
      const daysLeft = Math.floor((job.expiresAt.getTime() - now) / DAY);
      const day = new Date(now + random.int(1, Math.max(1, daysLeft - 2)) * DAY);
      const closes = new Date(`${day.toISOString().slice(0, 10)}T23:59:59.999Z`);
      if (closes.getTime() < job.expiresAt.getTime() - DAY) job.applicationsCloseAt = closes;
    }
  }
}

function screeningQuestionsFor(random: Random, department: DepartmentSlug): ScreeningQuestion[] {
  const asked = SCREENING_QUESTIONS.filter(
    (question) => !question.departments || question.departments.includes(department),
  );
  return random.sample(asked, random.weighted(QUESTION_COUNTS)).map((question, index) => ({
    id: `q${index + 1}`,
    kind: question.kind,
    prompt: question.prompt,
    required: random.chance(question.kind === "yes_no" ? 0.7 : 0.4),
  }));
}

function tallyOf(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Text helpers

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`No value for {${key}} in "${template}"`);
    return value;
  });
}

/** "an Influencer Marketing Manager", "a UX Designer", "an SEO Manager". */
function withArticle(phrase: string): string {
  return /^(?:[aeio]|SEO\b|FP&A\b)/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`;
}

const withThousands = (value: number): string => String(value).replace(/\B(?=(\d{3})+$)/g, ",");

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

/** "Los Angeles, CA" -> "Los Angeles". */
const cityName = (city: string): string => city.split(",")[0]!;

/** Whitespace-separated tokens with a letter or digit in them, so "-" and "##" do not count. */
function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 32 || code === 10) {
      inWord = false;
    } else if (!inWord && isAlphanumeric(code)) {
      inWord = true;
      words += 1;
    }
  }
  return words;
}

const isAlphanumeric = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

function domainFor(slug: string): string {
  return `${slug.replace(/-/g, "")}${SAMPLE_DOMAIN_SUFFIX}`;
}
