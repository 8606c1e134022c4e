import type { ListingChanges } from "@/features/listings/edit-schemas";
import { DESCRIPTION_LIMITS, jobSchema } from "@/features/listings/submission-schemas";
import {
  ABBREVIATED_SUBDIVISION_COUNTRIES,
  BOARD_REGION_COUNTRIES,
  SUBDIVISIONS,
  countryCodeOf,
  countryName,
  isCountryCode,
  remoteCountriesOf,
} from "@/features/jobs/locations";
import { SALARY_CURRENCIES, SALARY_PERIODS, type SalaryCurrency } from "@/features/jobs/pay";
import {
  DEPARTMENTS,
  JOB_TYPES,
  findEntry,
  type DepartmentSlug,
  type JobTypeSlug,
  type RegionSlug,
} from "@/lib/taxonomy";
import { BODY_NAMING, fieldErrors } from "@/lib/validation/field-errors";
import { chosenJobPlace, cityCountryOf, type JobPlace } from "@/features/jobs/server/job-place";
import type { SkipReason } from "@/features/imports/schemas";
import type { AtsJob } from "./ats/types";
import { cleanDescription, surelyLongEnough } from "./clean-description";

/*
 * One ATS job as a listing that passes the board's own rules (issue 46), or the reason it is
 * skipped (features/imports/schemas.ts names the reasons; the sync adds over_limit).
 */

/** A source's choices and override tables, as stored on it (ats_sources). */
export type SourceRules = {
  /** An ATS department or team name, lowercased and trimmed → a board department slug. */
  departments: Record<string, string>;
  /** An ATS employment type, lowercased and trimmed → a board job type slug. */
  types: Record<string, string>;
  /**
   * The countries (ISO 3166-1 alpha-2) a remote job that names none accepts people from; null
   * when the employer has not said: such a job waits as "needs countries".
   */
  remoteCountries: string[] | null;
  /** Take only jobs in these ATS departments (lowercased); empty: every department. */
  onlyDepartments: string[];
  /** Take only jobs at these ATS locations (their first location, lowercased); empty: all. */
  onlyLocations: string[];
  /**
   * Take only jobs in these countries (ISO 3166-1 alpha-2), as the board reads where each job
   * is: an on-site job's country, or a remote job's (issue 61); empty: every country.
   */
  onlyCountries?: string[];
};

/** The countries a job's place is in: an on-site job's one, or those a remote job hires in. */
const countriesOfPlace = (place: JobPlace): string[] =>
  place.remoteCountries ?? (place.addressCountry ? [place.addressCountry] : []);

/**
 * The countries `job` is in as the board reads it (the ATS's location words, its country
 * field, the source's countries for remote jobs naming none): what a country rule chooses
 * among. None when its place cannot be read.
 */
export function countriesOfJob(job: AtsJob, rules: SourceRules): string[] {
  try {
    const where = placeOf(job, rules);
    return "outcome" in where ? [] : countriesOfPlace(where.place);
  } catch {
    return [];
  }
}

export type MappedJob =
  | {
      outcome: "listing";
      /** As jobSchema parses it: its output, ready for listingColumns (apply_method "link"). */
      job: ListingChanges;
      place: JobPlace;
    }
  | {
      outcome: "skipped";
      reason: SkipReason;
      /** In plain words, for the employer: "Remote with no country named: say which countries". */
      message: string;
    };

type Skipped = Extract<MappedJob, { outcome: "skipped" }>;

const skip = (reason: SkipReason, message: string): Skipped => ({
  outcome: "skipped",
  reason,
  message,
});

/*
 * The job and the rules come from outside (an ATS's JSON, a stored row): each field is read as
 * what it should be, or as nothing.
 */
const text = (value: unknown) => (typeof value === "string" ? value : "");
const texts = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
/** One line, single-spaced: how the board's one-line fields take a name. */
const oneLine = (value: unknown) => text(value).replace(/\s+/g, " ").trim();
/** How the rules' tables key a name. */
const key = (value: string) => oneLine(value).toLowerCase();
/** A value of a stored table, looked up without reaching its prototype ("constructor"). */
const lookup = (table: unknown, name: string): string | undefined => {
  if (typeof table !== "object" || table === null || !Object.hasOwn(table, name)) return undefined;
  const value = (table as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
};
/** Lowercase words with no punctuation between them, "FullTime" as "full time": for matching. */
const wordsOf = (value: string) =>
  value
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * The words that name each board department in an ATS's department names and job titles. One
 * pattern of all of them, longest first, so "influencer marketing" is read whole, never as
 * "marketing"; in a name, the last one wins: "Product Marketing Manager" is marketing,
 * "Creator Support Lead" support. "Talent" on this board is managing creators' careers:
 * recruiting and HR ("talent acquisition", "talent partner", "people") are operations, and
 * "talent" alone says neither.
 */
const DEPARTMENT_WORDS: Record<DepartmentSlug, string[]> = {
  administration: [
    ...["administration", "administrative", "admin", "office", "office manager", "workplace"],
    ...["executive assistant", "personal assistant", "chief of staff", "facilities"],
    "receptionist",
  ],
  "creator-partnerships": [
    ...["partnership", "partnerships", "creator partnerships", "brand partnerships"],
    ...["creator relations", "creator success", "creator acquisition", "creator program"],
    ...["creator programs", "creator outreach", "talent partnerships", "creator network"],
  ],
  design: [
    ...["design", "designer", "ux", "ui", "creative", "art director", "editor", "editing"],
    ...["video", "motion", "graphics", "animator", "animation", "illustrator", "illustration"],
    ...["post production", "colorist", "thumbnail", "thumbnails"],
  ],
  engineering: [
    ...["engineering", "engineer", "engineers", "software", "developer", "development"],
    ...["data", "data science", "data scientist", "machine learning", "ml", "ai", "devops"],
    ...["infrastructure", "platform", "sre", "it", "security", "qa", "quality assurance"],
    ...["technology", "tech", "r d", "research and development", "frontend", "backend"],
    ...["full stack", "fullstack", "mobile", "ios", "android", "cto"],
  ],
  finance: [
    ...["finance", "financial", "accounting", "accountant", "accounts payable", "payroll"],
    ...["accounts receivable", "bookkeeper", "bookkeeping", "controller", "fp a", "tax"],
    ...["treasury", "royalties", "payments", "billing", "cfo"],
  ],
  "influencer-marketing": [
    ...["influencer", "influencers", "influencer marketing", "ugc", "whitelisting"],
    ...["creator marketing", "campaign", "campaigns"],
  ],
  legal: [
    ...["legal", "counsel", "general counsel", "lawyer", "attorney", "paralegal"],
    ...["contracts", "compliance", "privacy", "business affairs", "rights", "clearances"],
  ],
  marketing: [
    ...["marketing", "marketer", "growth", "brand", "seo", "social media", "social"],
    ...["content", "communications", "comms", "pr", "public relations", "community"],
    ...["copywriter", "copywriting", "lifecycle", "cmo"],
  ],
  operations: [
    ...["operations", "ops", "operational", "production", "producer", "project manager"],
    ...["project management", "program manager", "supply chain", "logistics", "coo"],
    ...["fulfillment", "fulfilment", "people", "people operations", "hr", "human resources"],
    ...["recruiting", "recruiter", "recruitment", "talent acquisition", "talent sourcer"],
    ...["talent sourcing", "talent partner", "sourcer"],
  ],
  product: [
    ...["product", "product manager", "product management", "product owner", "cpo"],
    ...["ux research", "ux researcher", "user research"],
  ],
  sales: [
    ...["sales", "business development", "account executive", "account manager", "cro"],
    ...["account management", "customer success", "sponsorship", "sponsorships"],
    ...["ad sales", "revenue", "bdr", "sdr"],
  ],
  support: [
    ...["support", "customer support", "customer service", "customer experience", "cx"],
    ...["trust and safety", "trust safety", "moderation", "moderator", "help desk"],
    "helpdesk",
  ],
  "talent-management": [
    ...["talent manager", "talent managers", "talent management", "talent agent"],
    ...["talent agents", "talent agency", "talent coordinator", "talent assistant"],
    ...["talent associate", "talent booker", "talent booking", "talent representation"],
    ...["creator management", "artist management"],
  ],
};

const DEPARTMENT_OF = new Map(
  Object.entries(DEPARTMENT_WORDS).flatMap(([slug, phrases]) =>
    phrases.map((phrase) => [phrase, slug as DepartmentSlug] as const),
  ),
);

const DEPARTMENT_PATTERN = new RegExp(
  `\\b(${[...DEPARTMENT_OF.keys()].sort((a, b) => b.length - a.length).join("|")})\\b`,
  "g",
);

/** The department a name's words say, by its last department word; a title up to its comma. */
function departmentInWords(name: string): DepartmentSlug | undefined {
  // "Product Manager, Payments": what follows the comma is its field, not its department.
  const head = wordsOf(name.split(/[,(|–—]| - /)[0] ?? "");
  let found: DepartmentSlug | undefined;
  for (const match of head.matchAll(DEPARTMENT_PATTERN)) found = DEPARTMENT_OF.get(match[1]!);
  return found;
}

/** The board's department: the employer's rows, then the ATS's department names, then the title. */
function departmentOf(
  departments: string[],
  title: string,
  rules: unknown,
): DepartmentSlug | Skipped {
  const specificFirst = [...departments].reverse();
  for (const name of specificFirst) {
    const row = findEntry(DEPARTMENTS, lookup(rules, key(name)));
    if (row) return row.slug;
  }
  for (const name of [...specificFirst, title]) {
    const found = departmentInWords(name);
    if (found) return found;
  }
  const named = specificFirst.map(oneLine).find(Boolean);
  return skip(
    "unknown_department",
    named
      ? `No board department for the ATS department “${named}”: add a row for it`
      : `No department given, and the title “${title}” names none of the board's: map it by hand`,
  );
}

/** The employment type in an ATS's words, or null when it says none the board has. */
function jobTypeOf(type: string, rules: unknown): JobTypeSlug | null {
  const row = findEntry(JOB_TYPES, lookup(rules, key(type)));
  if (row) return row.slug;
  const words = wordsOf(type);
  if (words === "") return "full-time";
  if (/\bintern(ship)?s?\b/.test(words)) return "internship";
  if (
    /\b(contract|contractor|freelance|freelancer|temporary|temp|fixed term|seasonal)\b/.test(words)
  )
    return "contractor";
  if (/\bpart time\b|\bparttime\b/.test(words)) return "part-time";
  if (/\b(full time|fulltime|permanent|regular)\b/.test(words)) return "full-time";
  return null;
}

/** Big cities ATS boards name alone, besides those features/jobs/server/job-place.ts knows. */
const CITY_COUNTRIES = new Map<string, string>(
  Object.entries({
    US: "new york|nyc|new york city|los angeles|san francisco|austin|chicago|seattle|boston|miami",
    CA: "toronto|vancouver|montreal",
    AU: "sydney|melbourne|brisbane|perth",
  }).flatMap(([country, cities]) => cities.split("|").map((city) => [city, country] as const)),
);

/** A state or province of the countries listings abbreviate them for, by code or name. */
function subdivisionCountry(part: string): string | undefined {
  const name = part.trim().toLowerCase();
  for (const country of ABBREVIATED_SUBDIVISION_COUNTRIES) {
    if (SUBDIVISIONS[`${country}-${name.toUpperCase()}`]) return country;
    const named = Object.entries(SUBDIVISIONS).some(
      ([code, label]) => code.startsWith(`${country}-`) && label.toLowerCase() === name,
    );
    if (named) return country;
  }
  return undefined;
}

/** Each country's board region: for the US "united-states", never "remote". */
const REGION_BY_COUNTRY = new Map<string, RegionSlug>(
  Object.entries(BOARD_REGION_COUNTRIES)
    // Largest first, so a one-country region, set last, is the one a country keeps.
    .sort(([, a], [, b]) => b.length - a.length)
    .flatMap(([slug, countries]) => countries.map((code) => [code, slug as RegionSlug] as const)),
);

/** An on-site location's words with the ATS's "Hybrid - " or "(On-site)" around them left out. */
const placeWords = (location: string) =>
  location
    .replace(/^\s*(hybrid|on[- ]?site|in[- ]office|office)\b\s*[-–—:|(]?\s*/i, "")
    .replace(/\s*\((hybrid|on[- ]?site|in[- ]office)\)\s*$/i, "")
    .replace(/^\((.*)\)$/, "$1")
    .trim();

/** An on-site job's country from its words: its last part, a state, a city, or one named. */
function countryInWords(location: string): string | undefined {
  const parts = location
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const last = parts.at(-1);
  if (!last) return undefined;
  const named =
    countryCodeOf(last) ??
    (parts.length > 1 ? subdivisionCountry(last) : undefined) ??
    cityCountryOf(parts[0]!) ??
    CITY_COUNTRIES.get(parts[0]!.toLowerCase());
  if (named) return named;
  const countries = remoteCountriesOf(location);
  return countries.length === 1 ? countries[0] : undefined;
}

/** A board region every one of `countries` is in, if there is one. */
function regionOfCountries(countries: readonly string[]): RegionSlug | undefined {
  const regions = new Set(countries.map((code) => REGION_BY_COUNTRY.get(code)));
  if (regions.size !== 1) return undefined;
  return [...regions][0];
}

/** The location label's longest, as jobSchema takes it. */
const LOCATION_MAX = 100;

/** A label within LOCATION_MAX: cut at a comma (a list of cities), or a word, with an ellipsis. */
function fitLocation(label: string): string {
  if (label.length <= LOCATION_MAX) return label;
  const room = label.slice(0, LOCATION_MAX - 1);
  const at = Math.max(room.lastIndexOf(","), room.lastIndexOf(" "));
  return `${(at > LOCATION_MAX / 2 ? room.slice(0, at) : room).replace(/[\s,;:–—-]+$/, "")}…`;
}

/** Words that say a job is remote. */
const REMOTE_WORDS = /\b(remote|anywhere|work from home|wfh)\b/i;

type Place = { region: RegionSlug; location: string; place: JobPlace };

/** Where the job is, as the board's region, label and place, or why it cannot say. */
function placeOf(job: AtsJob, rules: SourceRules): Place | Skipped {
  const main = oneLine(texts(job.locations)[0]);
  const code = text(job.countryCode).trim().toUpperCase();
  const atsCountry = isCountryCode(code) ? code : undefined;
  // The ATS's flag first; its words where it says nothing ("London or Remote").
  const remote =
    job.remote === true ||
    /^remote\b/i.test(main) ||
    (job.remote !== false && REMOTE_WORDS.test(main));

  if (remote) {
    const named = new Set(remoteCountriesOf(main));
    // "Remote (Austin, TX)": based in a country its region words do not name.
    const based =
      named.size === 0
        ? countryInWords(
            main
              .replace(new RegExp(REMOTE_WORDS.source, "gi"), " ")
              .replace(/[^\p{L}\p{N},.' ]+/gu, " ")
              .replace(/\s+/g, " "),
          )
        : undefined;
    for (const code of [atsCountry, based]) if (code) named.add(code);
    const given = Array.isArray(rules.remoteCountries)
      ? [...new Set(texts(rules.remoteCountries).map((c) => c.toUpperCase()))].filter(isCountryCode)
      : [];
    const countries = named.size > 0 ? [...named].sort() : given;
    if (countries.length === 0) {
      return skip(
        "needs_countries",
        "Remote with no country named: say which countries it hires in",
      );
    }
    const words = main || (atsCountry ? countryName(atsCountry) : "");
    const label = /\bremote\b/i.test(words) ? words : words ? `Remote (${words})` : "Remote";
    const location = fitLocation(label);
    return {
      region: "remote",
      location,
      place: chosenJobPlace(location, "remote", { remote_countries: countries }),
    };
  }

  const words = placeWords(main);
  const country = atsCountry ?? countryInWords(words);
  const region = country
    ? REGION_BY_COUNTRY.get(country)
    : regionOfCountries(remoteCountriesOf(words));
  if (!region) {
    const where = country ? countryName(country) : main ? `“${main}”` : "";
    return skip(
      "unknown_place",
      where
        ? `${where} is in none of the board's regions: it cannot be listed as it is`
        : "No location given: say where the job is on the ATS",
    );
  }
  const location = fitLocation(main || countryName(country!));
  // The place is read from the words with their country named ("Berlin" in DE as "Berlin,
  // Germany"), so the city's subdivision is found too.
  const placeText = placeWords(location) || location;
  const lastPart = placeText.split(",").at(-1) ?? "";
  const named = !country || countryCodeOf(lastPart) === country;
  const place = chosenJobPlace(
    named ? placeText : `${placeText}, ${countryName(country)}`,
    region,
    country ? { address_country: country } : undefined,
  );
  return { region, location, place };
}

/** Currencies the board shows by region, for a job that gives no pay (the schema wants one). */
const REGION_CURRENCY: Partial<Record<RegionSlug, SalaryCurrency>> = {
  "united-kingdom": "GBP",
  europe: "EUR",
  canada: "CAD",
  australia: "AUD",
};

/** An ATS's pay as the form's salary fields; left out (null) when the board cannot show it. */
function payOf(salary: unknown) {
  if (typeof salary !== "object" || salary === null) return null;
  const { min, max, currency, period } = salary as Record<string, unknown>;
  const amount = (value: unknown) =>
    typeof value === "number" && Number.isFinite(value) ? Math.round(value) : null;
  const code = text(currency).trim().toUpperCase();
  const per = text(period);
  const pay = { min: amount(min), max: amount(max) };
  if (!(SALARY_CURRENCIES as readonly string[]).includes(code)) return null;
  if (!(SALARY_PERIODS as readonly string[]).includes(per)) return null;
  if (pay.min === null && pay.max === null) return null;
  return {
    salary_min: pay.min,
    salary_max: pay.max,
    salary_currency: code,
    salary_period: per,
  };
}

/** How the employer reads a field's problems in a skipped job's message. */
const FIELD_LABELS: Record<string, string> = {
  title: "Title",
  department: "Department",
  region: "Region",
  type: "Job type",
  location: "Location",
  description: "Description",
  apply_url: "Application link",
};

/** The fields' first problems in plain words: "Description: Describe the role in at least...". */
function invalidMessage(issues: Parameters<typeof fieldErrors>[0]): string {
  return Object.entries(fieldErrors(issues, BODY_NAMING))
    .map(([field, messages]) => `${FIELD_LABELS[field] ?? field}: ${messages[0]}`)
    .join("; ");
}

/**
 * How a job's description is read: "clean" writes its Markdown (an import); "count" tells only
 * whether the import would take it, cleaning it only when a cheap look cannot say (a preview,
 * which shows no description but counts what an import would list). A counted listing's
 * description is then a stand-in that the rules take as they would take the real one.
 */
export type DescriptionUse = "clean" | "count";

const LONG_ENOUGH = "x".repeat(DESCRIPTION_LIMITS.min);

const readDescription: Record<DescriptionUse, (html: string) => Promise<string>> = {
  clean: cleanDescription,
  count: async (html) =>
    surelyLongEnough(html, DESCRIPTION_LIMITS.min) ? LONG_ENOUGH : cleanDescription(html),
};

async function map(job: AtsJob, rules: SourceRules, use: DescriptionUse): Promise<MappedJob> {
  if (job.listed === false) {
    return skip("unlisted", "Unlisted or a draft on the ATS: it is not imported");
  }
  const departments = texts(job.departments).map(oneLine).filter(Boolean);
  const onlyDepartments = texts(rules.onlyDepartments).map(key);
  if (
    onlyDepartments.length > 0 &&
    !departments.some((name) => onlyDepartments.includes(key(name)))
  ) {
    const named = departments.at(-1);
    return skip(
      "not_chosen",
      named ? `In “${named}”, not a department you chose` : "In no department you chose",
    );
  }
  const mainLocation = oneLine(texts(job.locations)[0]);
  const onlyLocations = texts(rules.onlyLocations).map(key);
  if (onlyLocations.length > 0 && !onlyLocations.includes(key(mainLocation))) {
    return skip(
      "not_chosen",
      mainLocation ? `At “${mainLocation}”, not a location you chose` : "At no location you chose",
    );
  }

  const title = oneLine(job.title);
  const department = departmentOf(departments, title, rules.departments);
  if (typeof department !== "string") return department;
  const where = placeOf(job, rules);
  if ("outcome" in where) return where;
  const onlyCountries = texts(rules.onlyCountries ?? []).map((code) => code.toUpperCase());
  const countries = countriesOfPlace(where.place);
  if (onlyCountries.length > 0 && !countries.some((code) => onlyCountries.includes(code))) {
    const named = countries.map((code) => countryName(code)).join(", ");
    return skip(
      "not_chosen",
      named ? `In ${named}, not a country you chose` : "In no country you chose",
    );
  }
  const type = jobTypeOf(text(job.employmentType), rules.types);
  if (!type) {
    return skip(
      "invalid",
      `Job type: the ATS's “${oneLine(job.employmentType)}” is none of the board's: add a row for it`,
    );
  }

  const fields = {
    title,
    department,
    region: where.region,
    type,
    location: where.location,
    salary_min: null,
    salary_max: null,
    salary_currency: REGION_CURRENCY[where.region] ?? "USD",
    salary_period: "year",
    description: await readDescription[use](text(job.descriptionHtml)),
    apply_url: text(job.applyUrl).trim(),
    apply_email: null,
    apply_method: "link",
    screening_questions: [],
  };
  const pay = payOf(job.salary);
  let parsed = jobSchema.safeParse(pay ? { ...fields, ...pay } : fields);
  // Pay the board cannot show (out of its bounds for the period, a range upside down) is left
  // out, as the ATS's page still shows it: the job is not lost for it.
  if (
    pay &&
    !parsed.success &&
    parsed.error.issues.some((i) => String(i.path[0]).startsWith("salary_"))
  ) {
    parsed = jobSchema.safeParse(fields);
  }
  if (!parsed.success) return skip("invalid", invalidMessage(parsed.error.issues));
  return { outcome: "listing", job: parsed.data, place: where.place };
}

/** Maps `job` by `rules`; never throws for any input an ATS might send. */
export async function mapAtsJob(
  job: AtsJob,
  rules: SourceRules,
  use: DescriptionUse = "clean",
): Promise<MappedJob> {
  try {
    if (typeof job !== "object" || job === null) throw new TypeError("not a job");
    return await map(
      job,
      typeof rules === "object" && rules !== null ? rules : ({} as SourceRules),
      use,
    );
  } catch {
    return skip("invalid", "This job could not be read from the ATS");
  }
}
