// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  BOARD_REGION_COUNTRIES,
  LOCATION_REGIONS,
  WORLDWIDE_HIRING_COUNTRIES,
  countryCodes,
  isCountryCode,
  regionSet,
  remoteCountriesOf,
  subdivisionLabel,
} from "@/features/jobs/locations";
import { chosenJobPlace, jobPlaceOf } from "@/features/jobs/server/job-place";

const europe = regionSet("europe")!.countries;

describe("the location vocabulary", () => {
  it("has the 249 ISO 3166-1 countries and no grouping codes", () => {
    expect(countryCodes()).toHaveLength(249);
    expect(isCountryCode("GB")).toBe(true);
    for (const code of ["UK", "EU", "UN", "XK", "ZZ"]) expect(isCountryCode(code)).toBe(false);
  });

  it("draws every region from real country codes, worldwide as the countries companies hire in", () => {
    for (const region of LOCATION_REGIONS) {
      expect(region.countries.length, region.id).toBeGreaterThan(0);
      for (const code of region.countries) expect(isCountryCode(code), code).toBe(true);
    }
    expect(regionSet("worldwide")!.countries).toEqual(WORLDWIDE_HIRING_COUNTRIES);
    // At least one in each of the board's regions, so such a job is on every region's page.
    for (const [slug, countries] of Object.entries(BOARD_REGION_COUNTRIES)) {
      expect(
        WORLDWIDE_HIRING_COUNTRIES.some((code) => countries.includes(code)),
        slug,
      ).toBe(true);
    }
    expect(europe).toEqual(expect.arrayContaining(["GB", "DE", "FR", "CH", "NO", "IE"]));
    expect(regionSet("emea")!.countries).toEqual(expect.arrayContaining(["AE", "ZA", "DE"]));
  });
});

describe("remote areas read from listing text", () => {
  it("takes the UK and Europe together, not the UK alone", () => {
    const countries = remoteCountriesOf("Remote (UK and Europe)");
    expect(countries).toEqual(expect.arrayContaining(["GB", "DE", "FR", "ES", "PL"]));
    expect(countries.length).toBe(europe.length);
  });

  it("reads North America as the US and Canada", () => {
    expect(remoteCountriesOf("Remote — North America")).toEqual(["CA", "US"]);
  });

  it("reads CET±2h as the countries near Central European Time", () => {
    const countries = remoteCountriesOf("Remote, CET±2h");
    expect(countries).toEqual(expect.arrayContaining(["DE", "GB", "PT", "NG", "TR"]));
    expect(countries).not.toContain("US");
    expect(countries).not.toContain("AE");
    expect(remoteCountriesOf("Remote (CET +/- 2 hours)")).toEqual(countries);
  });

  it("reads APAC as Asia-Pacific", () => {
    const countries = remoteCountriesOf("APAC");
    expect(countries).toEqual(expect.arrayContaining(["AU", "NZ", "JP", "SG", "IN"]));
    expect(countries).not.toContain("GB");
  });

  it("reads countries by name or common short form, in capitals only for the short ones", () => {
    expect(remoteCountriesOf("Remote (US)")).toEqual(["US"]);
    expect(remoteCountriesOf("Remote in Germany or the Netherlands")).toEqual(["DE", "NL"]);
    expect(remoteCountriesOf("Remote (Canada)")).toEqual(["CA"]);
    expect(remoteCountriesOf("Remote, join us")).toEqual([]);
  });

  it("reads US time zones as the countries that keep them", () => {
    expect(remoteCountriesOf("Remote (US time zones)")).toEqual(["CA", "MX", "US"]);
  });

  it("names no country for no area, or Worldwide (which countries, the words do not say)", () => {
    expect(remoteCountriesOf("Remote")).toEqual([]);
    expect(remoteCountriesOf("Remote (Worldwide)")).toEqual([]);
    expect(remoteCountriesOf("Anywhere")).toEqual([]);
    // Next to named places, it means the places.
    expect(remoteCountriesOf("Remote (Worldwide, US preferred)")).toEqual(["US"]);
  });
});

describe("on-site places read from listing text", () => {
  it.each([
    ["Austin, TX", "united-states", ["Austin", "US-TX", "US"]],
    ["Perth, WA", "australia", ["Perth", "AU-WA", "AU"]],
    ["Seattle, WA", "united-states", ["Seattle", "US-WA", "US"]],
    ["Toronto, ON", "canada", ["Toronto", "CA-ON", "CA"]],
    ["London, UK", "united-kingdom", ["London", "GB-ENG", "GB"]],
    ["Berlin, Germany", "europe", ["Berlin", "DE-BE", "DE"]],
    ["Singapore", "asia", ["Singapore", "SG-01", "SG"]],
    ["Dubai, UAE", "asia", ["Dubai", "AE-DU", "AE"]],
    ["Springfield, Illinois, United States", "united-states", ["Springfield", "Illinois", "US"]],
    ["Smalltown, Narnia", "europe", ["Smalltown", null, null]],
  ] as const)("%s", (location, region, [city, subdivision, country]) => {
    expect(jobPlaceOf(location, region)).toEqual({
      remoteCountries: null,
      addressLocality: city,
      addressRegion: subdivision,
      addressCountry: country,
    });
  });

  it("treats a remote label in an office region as remote", () => {
    expect(jobPlaceOf("Remote (UK)", "united-kingdom").remoteCountries).toEqual(["GB"]);
  });

  it("writes subdivisions as Google's examples do", () => {
    expect(subdivisionLabel("US-MI")).toBe("MI");
    expect(subdivisionLabel("AU-NSW")).toBe("NSW");
    expect(subdivisionLabel("DE-BE")).toBe("Berlin");
    expect(subdivisionLabel("Bavaria")).toBe("Bavaria");
  });

  it("stores a typed state or region as its ISO 3166-2 code when it is one", () => {
    const chosen = (address_region: string, address_country: string) =>
      chosenJobPlace("Somewhere", "united-states", {
        address_locality: "Austin",
        address_region,
        address_country,
      }).addressRegion;
    expect(chosen("tx", "US")).toBe("US-TX");
    expect(chosen("Texas", "US")).toBe("US-TX");
    expect(chosen("GB-SCT", "GB")).toBe("GB-SCT");
    expect(chosen("Bavaria", "DE")).toBe("DE-BY");
    expect(chosen("Tuscany", "IT")).toBe("Tuscany");
  });

  it("keeps a remote job's chosen countries and ignores an address given for it", () => {
    expect(
      chosenJobPlace("Remote (Europe)", "remote", {
        remote_countries: ["DE", "FR"],
        address_country: "US",
      }),
    ).toEqual({
      remoteCountries: ["DE", "FR"],
      addressLocality: null,
      addressRegion: null,
      addressCountry: null,
    });
  });
});
