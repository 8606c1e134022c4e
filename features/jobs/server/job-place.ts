import {
  ABBREVIATED_SUBDIVISION_COUNTRIES,
  BOARD_REGION_COUNTRIES,
  SUBDIVISIONS,
  countryCodeOf,
  remoteCountriesOf,
} from "@/features/jobs/locations";
import { isRemoteJob } from "@/features/jobs/remote-job";
import type { JobPlaceInput } from "@/features/jobs/place-schemas";

/*
 * Where a job can be done, read from its words and what its employer chose: plain functions of
 * text, with no database (job-location.ts reads it, listings stores it), so that what reads an ATS's
 * jobs off the server's thread (imports/board-task.ts) loads none of the database's code.
 */

/** Where a job can be done, as the jobs table stores it (migration 0015). */
export type JobPlace = {
  /** Remote jobs: the ISO 3166-1 alpha-2 countries it accepts, empty for anywhere; else null. */
  remoteCountries: string[] | null;
  /** On-site jobs: city, ISO 3166-2 subdivision (or its name) and ISO 3166-1 country. */
  addressLocality: string | null;
  addressRegion: string | null;
  addressCountry: string | null;
};

/*
 * The tables below are looked up by what a listing typed: maps, so that "constructor" finds
 * nothing (issue 40).
 */

/** The board's regions that are one country, to its code. */
const REGION_COUNTRIES = new Map(
  Object.entries(BOARD_REGION_COUNTRIES)
    .filter(([, countries]) => countries.length === 1)
    .map(([slug, countries]) => [slug, countries[0]!]),
);

/** Cities that are their own country. */
const CITY_STATES = new Map([
  ["singapore", "SG"],
  ["hong kong", "HK"],
  ["monaco", "MC"],
]);

/** The subdivision of cities listings name without one ("Berlin, Germany", "London, UK"). */
const CITY_SUBDIVISIONS = new Map<string, string>(
  Object.entries({
    "london/GB": "GB-ENG",
    "manchester/GB": "GB-ENG",
    "brighton/GB": "GB-ENG",
    "bristol/GB": "GB-ENG",
    "leeds/GB": "GB-ENG",
    "birmingham/GB": "GB-ENG",
    "edinburgh/GB": "GB-SCT",
    "glasgow/GB": "GB-SCT",
    "cardiff/GB": "GB-WLS",
    "belfast/GB": "GB-NIR",
    "berlin/DE": "DE-BE",
    "munich/DE": "DE-BY",
    "amsterdam/NL": "NL-NH",
    "paris/FR": "FR-IDF",
    "stockholm/SE": "SE-AB",
    "barcelona/ES": "ES-CT",
    "madrid/ES": "ES-MD",
    "lisbon/PT": "PT-11",
    "dublin/IE": "IE-D",
    "milan/IT": "IT-25",
    "copenhagen/DK": "DK-84",
    "warsaw/PL": "PL-14",
    "singapore/SG": "SG-01",
    "tokyo/JP": "JP-13",
    "seoul/KR": "KR-11",
    "mumbai/IN": "IN-MH",
    "bengaluru/IN": "IN-KA",
    "bangalore/IN": "IN-KA",
    "jakarta/ID": "ID-JK",
    "manila/PH": "PH-00",
    "hong kong/HK": "HK-HCW",
    "bangkok/TH": "TH-10",
    "dubai/AE": "AE-DU",
    "lagos/NG": "NG-LA",
    "nairobi/KE": "KE-30",
    "cape town/ZA": "ZA-WC",
    "johannesburg/ZA": "ZA-GP",
    "accra/GH": "GH-AA",
    "cairo/EG": "EG-C",
    "kigali/RW": "RW-01",
    "são paulo/BR": "BR-SP",
    "sao paulo/BR": "BR-SP",
    "rio de janeiro/BR": "BR-RJ",
    "buenos aires/AR": "AR-C",
    "bogotá/CO": "CO-DC",
    "bogota/CO": "CO-DC",
    "medellín/CO": "CO-ANT",
    "medellin/CO": "CO-ANT",
    "santiago/CL": "CL-RM",
    "lima/PE": "PE-LMA",
  }),
);

/**
 * The country of a city listings name alone ("London", "Singapore"), where it is one of those
 * above; an ATS's location often gives no country (issue 46).
 */
export function cityCountryOf(city: string): string | undefined {
  const name = city.trim().toLowerCase();
  const cityState = CITY_STATES.get(name);
  if (cityState) return cityState;
  for (const key of CITY_SUBDIVISIONS.keys()) {
    const [known, country] = key.split("/") as [string, string];
    if (known === name) return country;
  }
  return undefined;
}

/** The country whose state `part` ("CA", "WA") is: the region's country first, else the first. */
function subdivisionOf(part: string, region: string): string | undefined {
  const countries = [
    REGION_COUNTRIES.get(region),
    ...ABBREVIATED_SUBDIVISION_COUNTRIES.filter((code) => code !== REGION_COUNTRIES.get(region)),
  ].filter(Boolean);
  for (const country of countries) {
    const code = `${country}-${part.toUpperCase()}`;
    if (SUBDIVISIONS[code]) return code;
  }
  return undefined;
}

/**
 * Where a job can be done, from its free-text location and its board region: a remote job's
 * accepted countries ("Remote (UK and Europe)" → the European countries, "Remote" → anywhere);
 * an on-site job's city, subdivision and country ("Austin, TX" → Austin, US-TX, US; "Berlin,
 * Germany" → Berlin, DE-BE, DE; "Singapore" → Singapore, SG-01, SG). What the text does not say
 * stays null.
 */
export function jobPlaceOf(location: string, region: string): JobPlace {
  if (isRemoteJob(region, location)) {
    return {
      remoteCountries: remoteCountriesOf(location),
      addressLocality: null,
      addressRegion: null,
      addressCountry: null,
    };
  }
  const parts = location
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  let city: string | null = parts[0] ?? null;
  let subdivision: string | null = null;
  let country: string | null = REGION_COUNTRIES.get(region) ?? null;
  const last = parts.at(-1);
  if (parts.length === 1 && last) {
    const cityState = CITY_STATES.get(last.toLowerCase());
    const named = countryCodeOf(last);
    if (cityState) country = cityState;
    else if (named) {
      country = named;
      city = null;
    }
  } else if (last) {
    const named = countryCodeOf(last);
    const state = named ? undefined : subdivisionOf(last, region);
    if (named) {
      country = named;
      const inner = parts.length > 2 ? parts.at(-2)! : null;
      if (inner) subdivision = subdivisionOf(inner, region) ?? inner;
    } else if (state) {
      subdivision = state;
      country = state.slice(0, 2);
    }
  }
  if (!subdivision && city && country) {
    subdivision = CITY_SUBDIVISIONS.get(`${city.toLowerCase()}/${country}`) ?? null;
  }
  return {
    remoteCountries: null,
    addressLocality: city,
    addressRegion: subdivision,
    addressCountry: country,
  };
}

/**
 * A listing's place as stored: what the employer chose, over what its words say. A remote job
 * keeps only its countries, an on-site one only its address.
 */
export function chosenJobPlace(
  location: string,
  region: string,
  chosen: JobPlaceInput | undefined,
): JobPlace {
  const derived = jobPlaceOf(location, region);
  if (!chosen) return derived;
  if (derived.remoteCountries !== null) {
    return { ...derived, remoteCountries: chosen.remote_countries ?? derived.remoteCountries };
  }
  const country = chosen.address_country ?? derived.addressCountry;
  const typed = chosen.address_region;
  return {
    remoteCountries: null,
    addressLocality: chosen.address_locality ?? derived.addressLocality,
    addressRegion: typed ? subdivisionCode(typed, country) : derived.addressRegion,
    addressCountry: country,
  };
}

/** A typed state or region as its ISO 3166-2 code when it is one we know ("tx", "Texas" in US). */
function subdivisionCode(typed: string, country: string | null): string {
  const text = typed.trim();
  if (SUBDIVISIONS[text.toUpperCase()]) return text.toUpperCase();
  if (!country) return text;
  const code = `${country}-${text.toUpperCase()}`;
  if (SUBDIVISIONS[code]) return code;
  const named = Object.entries(SUBDIVISIONS).find(
    ([key, name]) => key.startsWith(`${country}-`) && name.toLowerCase() === text.toLowerCase(),
  );
  return named?.[0] ?? text;
}
