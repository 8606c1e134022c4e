/*
 * ISO 3166-1 alpha-2 country codes and their English names, from ICU (Intl.DisplayNames) rather
 * than a hand-kept list: shared, since billing addresses name countries as jobs' places do. Apart
 * from features/jobs/locations.ts so that a form's schema can check a code without carrying the
 * regions and subdivisions with it.
 */

/** Codes ICU names that are not ISO 3166-1 countries (reserved, grouping or private-use ones). */
const NOT_COUNTRIES = new Set("AC CP CQ DG EA IC TA EU EZ QO UN XA XB XK ZZ".split(" "));

let countryList: readonly string[] | undefined;

/** Every ISO 3166-1 alpha-2 country code (249), in code order. */
export function countryCodes(): readonly string[] {
  if (countryList) return countryList;
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const codes: string[] = [];
  for (const first of letters) {
    for (const second of letters) {
      const code = first + second;
      if (NOT_COUNTRIES.has(code)) continue;
      // Deprecated codes (DD, UK...) stand for current ones: only a code that is its own counts.
      if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      const name = names.of(code);
      if (name && name !== code) codes.push(code);
    }
  }
  countryList = codes;
  return codes;
}

/** True for an ISO 3166-1 alpha-2 country code ("GB"; not "UK", not "EU"). */
export const isCountryCode = (code: string) => countryCodes().includes(code);
