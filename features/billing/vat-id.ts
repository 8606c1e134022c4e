/*
 * VAT identification numbers on a buyer's billing details (issue 45): read as people type them
 * (any case, spaces, dots, dashes), kept compact with the country prefix ("DE136695976"), and
 * checked for their country's shape here, in the browser and on the server alike. The server
 * checks the check digits too (features/billing/server/vat-check.ts). Neither proves the number is
 * registered: that is VIES, which needs the network.
 */

/**
 * Each prefix's shape, after the prefix. EU countries (Greece's prefix is EL), Northern Ireland
 * (XI) and the United Kingdom, Norway and Switzerland.
 */
const FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  HR: /^\d{11}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DK: /^\d{8}$/,
  EE: /^10\d{7}$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  DE: /^[1-9]\d{8}$/,
  EL: /^\d{9}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][AH]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LV: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  MT: /^[1-9]\d{7}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SK: /^[1-9]\d[2346-9]\d{7}$/,
  SI: /^[1-9]\d{7}$/,
  ES: /^([A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
  SE: /^\d{10}01$/,
  XI: /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
  GB: /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
  NO: /^\d{9}(MVA)?$/,
  CH: /^E\d{9}(MWST|TVA|IVA)?$/,
};

/** The prefixes a VAT ID of a buyer in `country` may carry: Greece's is EL; the UK's, GB or XI. */
export function vatPrefixes(country: string): string[] {
  if (country === "GR") return ["EL"];
  if (country === "GB") return ["GB", "XI"];
  return [country];
}

/** A VAT ID as typed, compacted: upper case, without spaces, dots or dashes. */
export const compactVatId = (raw: string) => raw.toUpperCase().replace(/[\s.\-]/g, "");

/**
 * Why the compact VAT ID `vatId` cannot be one of a buyer in `country`, in words for the form;
 * null when its shape is right. A country whose shape the board does not know takes any
 * letters and digits after its prefix.
 */
export function vatIdProblem(vatId: string, country: string): string | null {
  const prefixes = vatPrefixes(country);
  const prefix = prefixes.find((one) => vatId.startsWith(one));
  if (!prefix) {
    return `A VAT ID of this country starts with ${prefixes.join(" or ")}, like ${prefixes[0]}123456789`;
  }
  const rest = vatId.slice(prefix.length);
  const shape = FORMATS[prefix] ?? /^[A-Z0-9]{2,15}$/;
  return shape.test(rest)
    ? null
    : `This is not the shape of a ${prefix} VAT ID: check its digits, or leave it blank`;
}
