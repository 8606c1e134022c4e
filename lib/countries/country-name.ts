let displayNames: Intl.DisplayNames | undefined;

/**
 * A country's English name from its code ("DE" → "Germany"), by ICU. Its own module, so a page
 * that only names countries carries none of lib/countries/country-codes.ts's list.
 */
export function countryName(code: string): string {
  displayNames ??= new Intl.DisplayNames(["en"], { type: "region" });
  return displayNames.of(code) ?? code;
}
