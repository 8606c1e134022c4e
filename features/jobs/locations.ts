/*
 * Where a job can be done, as data (browser-safe: no server imports). Countries are ISO 3166-1
 * alpha-2 codes, named by ICU (Intl.DisplayNames) rather than a hand-kept list; named regions
 * are sets of those codes; subdivisions (states, provinces) are ISO 3166-2 codes, kept only for
 * the countries whose listings name them.
 */

import { countryCodes } from "@/lib/countries/country-codes";
import { countryName } from "@/lib/countries/country-name";
import {
  AFRICA,
  APAC,
  BOARD_REGION_COUNTRIES,
  ASIA,
  CARIBBEAN,
  CET_2H,
  codes,
  EU,
  EUROPE,
  LATIN_AMERICA,
  MIDDLE_EAST,
  NORTH_AMERICA,
  SOUTH_AMERICA,
  unique,
  US_TIME_ZONES,
} from "@/lib/model/regions";

export { countryCodes, isCountryCode } from "@/lib/countries/country-codes";
export { countryName } from "@/lib/countries/country-name";

/**
 * Where a company hiring "anywhere" can usually employ people: the countries employer-of-record
 * services commonly cover, at least one in each of the board's regions (so such a job is listed
 * on every region's page). Google lists a remote job only with the countries applicants may live
 * in, and has no value for "anywhere": a job open worldwide names these, edited to the countries
 * its company can hire in, while its page keeps saying "Worldwide".
 */
export const WORLDWIDE_HIRING_COUNTRIES: readonly string[] = codes(
  "AR AU BR CA CO DE ES FR GB IE IN JP KE MX NG NL NZ PH PL PT SE SG US ZA",
);

export type RegionSet = {
  readonly id: string;
  readonly label: string;
  /** ISO 3166-1 alpha-2 codes. */
  readonly countries: readonly string[];
};

/**
 * Named regions a remote job may accept, as sets of countries. "Worldwide" stands for the
 * countries a company usually can hire in (WORLDWIDE_HIRING_COUNTRIES), a list to edit.
 */
export const LOCATION_REGIONS: readonly RegionSet[] = [
  { id: "worldwide", label: "Worldwide", countries: WORLDWIDE_HIRING_COUNTRIES },
  { id: "europe", label: "Europe", countries: unique(EUROPE) },
  { id: "eu", label: "European Union", countries: unique(EU) },
  { id: "uk-europe", label: "UK and Europe", countries: unique(EUROPE) },
  { id: "emea", label: "EMEA", countries: unique(EUROPE, MIDDLE_EAST, AFRICA) },
  { id: "cet-2h", label: "CET ±2 hours", countries: unique(CET_2H) },
  { id: "middle-east", label: "Middle East", countries: unique(MIDDLE_EAST) },
  { id: "africa", label: "Africa", countries: unique(AFRICA) },
  { id: "north-america", label: "North America (US and Canada)", countries: NORTH_AMERICA },
  { id: "us-time-zones", label: "US time zones", countries: unique(US_TIME_ZONES) },
  { id: "latin-america", label: "Latin America", countries: unique(LATIN_AMERICA) },
  { id: "south-america", label: "South America", countries: unique(SOUTH_AMERICA) },
  {
    id: "americas",
    label: "Americas",
    countries: unique(NORTH_AMERICA, LATIN_AMERICA, SOUTH_AMERICA, CARIBBEAN),
  },
  { id: "apac", label: "APAC", countries: unique(APAC) },
  { id: "asia", label: "Asia", countries: unique(ASIA) },
];

export const regionSet = (id: string) => LOCATION_REGIONS.find((region) => region.id === id);

// The countries of each board region (the jobs table's board_regions column): lib/model/regions.ts.
export { BOARD_REGION_COUNTRIES } from "@/lib/model/regions";

/**
 * The board regions whose pages list a job (what the board_regions column holds): its own, and
 * for a remote job every region it accepts people from (all of them when it accepts anywhere).
 */
export function boardRegionsOf(region: string, remoteCountries: readonly string[] | null) {
  const open = Object.entries(BOARD_REGION_COUNTRIES)
    .filter(
      ([slug, countries]) =>
        slug !== region &&
        remoteCountries !== null &&
        (remoteCountries.length === 0 || remoteCountries.some((code) => countries.includes(code))),
    )
    .map(([slug]) => slug);
  return [region, ...open];
}

/** Words listings use for a region, to its id; matched as whole words, case-insensitively. */
const REGION_WORDS: readonly [RegExp, string][] = [
  [/\b(worldwide|anywhere|global(ly)?)\b/i, "worldwide"],
  [/\bUS time ?zones?\b/i, "us-time-zones"],
  [/\bEMEA\b/, "emea"],
  [/\bAPAC\b|\bAsia[- ]Pacific\b/i, "apac"],
  [/\bLATAM\b|\bLatin America\b/i, "latin-america"],
  [/\bNorth America\b/i, "north-america"],
  [/\bSouth America\b/i, "south-america"],
  [/\bAmericas\b/i, "americas"],
  [/\bEurope(an Union)?\b/i, "europe"],
  [/\bEU\b|\bEEA\b/, "eu"],
  [/\bMiddle East\b|\bMENA\b/i, "middle-east"],
  [/\bAfrica\b/i, "africa"],
  [/\bAsia\b(?![- ]Pacific)/i, "asia"],
  [/\bCET\b|\bCEST\b/, "cet-2h"],
];

/** Country names listings use that are not ICU's English name, to the country's code. */
const COUNTRY_ALIASES: Record<string, string> = {
  us: "US",
  usa: "US",
  "united states of america": "US",
  uk: "GB",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  uae: "AE",
  "the netherlands": "NL",
  holland: "NL",
  "south korea": "KR",
  korea: "KR",
};

let countryByName: Map<string, string> | undefined;

/** Every country's English name and alias, lowercase, to its code. */
function countryNames(): Map<string, string> {
  if (countryByName) return countryByName;
  countryByName = new Map(Object.entries(COUNTRY_ALIASES));
  for (const code of countryCodes()) {
    const name = countryName(code).toLowerCase();
    if (!countryByName.has(name)) countryByName.set(name, code);
  }
  return countryByName;
}

/** A country's code from its name or alias as a listing writes it ("Germany", "UK"). */
export const countryCodeOf = (name: string) => countryNames().get(name.trim().toLowerCase());

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

let countryPattern: RegExp | undefined;

/** Any country name or alias as a whole word; the short aliases (US, UK, UAE) in capitals only. */
function countryWords(): RegExp {
  if (countryPattern) return countryPattern;
  const names = [...countryNames().keys()]
    .filter((name) => name.length > 3)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  countryPattern = new RegExp(`\\b(${names.join("|")})\\b|\\b(US|USA|UK|UAE)\\b`, "gi");
  return countryPattern;
}

/**
 * The countries a remote job's free-text place accepts ("Remote (UK and Europe)", "Remote —
 * North America", "Remote, CET±2h", "APAC"): the union of every region and country it names;
 * an empty list when it names none or only says "Worldwide" (anywhere: which countries the
 * company can hire in, its words do not say, so the employer is asked).
 */
export function remoteCountriesOf(text: string): string[] {
  const found = new Set<string>();
  let named = false;
  // "US time zones" names time zones, not the country: take it before the country words.
  let rest = text;
  for (const [pattern, id] of REGION_WORDS) {
    if (!pattern.test(rest)) continue;
    named = true;
    if (id !== "worldwide") for (const code of regionSet(id)!.countries) found.add(code);
    rest = rest.replace(new RegExp(pattern.source, pattern.flags + "g"), " ");
  }
  for (const match of rest.matchAll(countryWords())) {
    const word = match[0];
    // Short aliases count in capitals only: "us" in "join us" is no country.
    if (match[2] && word !== word.toUpperCase()) continue;
    const code = countryCodeOf(word);
    if (code) {
      named = true;
      found.add(code);
    }
  }
  // A "Worldwide" next to named places means the places; alone it means anywhere.
  if (!named) return [];
  return [...found].sort();
}

/**
 * ISO 3166-2 subdivisions listings name, by code: the states and provinces of the US, Canada
 * and Australia (written as their postal abbreviations), and the regions of the cities the
 * sample board and most listings use elsewhere. Looked up by what a listing typed, so without a
 * prototype: "constructor" is not a subdivision.
 */
export const SUBDIVISIONS: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
  "US-AL": "Alabama",
  "US-AK": "Alaska",
  "US-AZ": "Arizona",
  "US-AR": "Arkansas",
  "US-CA": "California",
  "US-CO": "Colorado",
  "US-CT": "Connecticut",
  "US-DE": "Delaware",
  "US-DC": "District of Columbia",
  "US-FL": "Florida",
  "US-GA": "Georgia",
  "US-HI": "Hawaii",
  "US-ID": "Idaho",
  "US-IL": "Illinois",
  "US-IN": "Indiana",
  "US-IA": "Iowa",
  "US-KS": "Kansas",
  "US-KY": "Kentucky",
  "US-LA": "Louisiana",
  "US-ME": "Maine",
  "US-MD": "Maryland",
  "US-MA": "Massachusetts",
  "US-MI": "Michigan",
  "US-MN": "Minnesota",
  "US-MS": "Mississippi",
  "US-MO": "Missouri",
  "US-MT": "Montana",
  "US-NE": "Nebraska",
  "US-NV": "Nevada",
  "US-NH": "New Hampshire",
  "US-NJ": "New Jersey",
  "US-NM": "New Mexico",
  "US-NY": "New York",
  "US-NC": "North Carolina",
  "US-ND": "North Dakota",
  "US-OH": "Ohio",
  "US-OK": "Oklahoma",
  "US-OR": "Oregon",
  "US-PA": "Pennsylvania",
  "US-RI": "Rhode Island",
  "US-SC": "South Carolina",
  "US-SD": "South Dakota",
  "US-TN": "Tennessee",
  "US-TX": "Texas",
  "US-UT": "Utah",
  "US-VT": "Vermont",
  "US-VA": "Virginia",
  "US-WA": "Washington",
  "US-WV": "West Virginia",
  "US-WI": "Wisconsin",
  "US-WY": "Wyoming",
  "CA-AB": "Alberta",
  "CA-BC": "British Columbia",
  "CA-MB": "Manitoba",
  "CA-NB": "New Brunswick",
  "CA-NL": "Newfoundland and Labrador",
  "CA-NS": "Nova Scotia",
  "CA-NT": "Northwest Territories",
  "CA-NU": "Nunavut",
  "CA-ON": "Ontario",
  "CA-PE": "Prince Edward Island",
  "CA-QC": "Quebec",
  "CA-SK": "Saskatchewan",
  "CA-YT": "Yukon",
  "AU-ACT": "Australian Capital Territory",
  "AU-NSW": "New South Wales",
  "AU-NT": "Northern Territory",
  "AU-QLD": "Queensland",
  "AU-SA": "South Australia",
  "AU-TAS": "Tasmania",
  "AU-VIC": "Victoria",
  "AU-WA": "Western Australia",
  "GB-ENG": "England",
  "GB-SCT": "Scotland",
  "GB-WLS": "Wales",
  "GB-NIR": "Northern Ireland",
  "DE-BE": "Berlin",
  "DE-BY": "Bavaria",
  "NL-NH": "North Holland",
  "FR-IDF": "Île-de-France",
  "SE-AB": "Stockholm County",
  "ES-CT": "Catalonia",
  "ES-MD": "Community of Madrid",
  "PT-11": "Lisbon",
  "IE-D": "Dublin",
  "IT-25": "Lombardy",
  "DK-84": "Capital Region of Denmark",
  "PL-14": "Masovia",
  "SG-01": "Central Singapore",
  "JP-13": "Tokyo",
  "KR-11": "Seoul",
  "IN-MH": "Maharashtra",
  "IN-KA": "Karnataka",
  "ID-JK": "Jakarta",
  "PH-00": "Metro Manila",
  "HK-HCW": "Central and Western",
  "TH-10": "Bangkok",
  "AE-DU": "Dubai",
  "NG-LA": "Lagos",
  "KE-30": "Nairobi",
  "ZA-WC": "Western Cape",
  "ZA-GP": "Gauteng",
  "GH-AA": "Greater Accra",
  "EG-C": "Cairo",
  "RW-01": "Kigali",
  "BR-SP": "São Paulo",
  "BR-RJ": "Rio de Janeiro",
  "AR-C": "Buenos Aires",
  "CO-DC": "Bogotá",
  "CO-ANT": "Antioquia",
  "CL-RM": "Santiago Metropolitan",
  "PE-LMA": "Lima",
}) as Record<string, string>;

/** The countries whose listings write a state or province as its abbreviation ("Austin, TX"). */
export const ABBREVIATED_SUBDIVISION_COUNTRIES = ["US", "CA", "AU"] as const;

/**
 * A subdivision as an address writes it: the postal abbreviation in the US, Canada and
 * Australia ("CA", "ON", "NSW", as Google's examples write addressRegion), its name elsewhere;
 * a value that is not an ISO 3166-2 code (a name typed in) as it is.
 */
export function subdivisionLabel(value: string): string {
  const name = SUBDIVISIONS[value];
  if (!name) return value;
  const [country, part] = value.split("-") as [string, string];
  return (ABBREVIATED_SUBDIVISION_COUNTRIES as readonly string[]).includes(country) ? part : name;
}
