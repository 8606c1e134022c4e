/*
 * The check digits of a VAT ID (issue 45), by stdnum (koblas/stdnum-js, a port of python-stdnum:
 * maintained, typed, no dependencies). Its shape was checked first (features/billing/vat-id.ts); this
 * catches a mistyped digit. Server-side only: the library stays out of the browser's scripts, and
 * is loaded with the first VAT ID checked, not with the server (issue 48).
 */

type Validator = { validate: (value: string) => { isValid: boolean } };

const byPrefix = async (prefix: string): Promise<Validator | undefined> => {
  const { euVat, stdnum } = await import("stdnum");
  // Greece is EL in VAT IDs and GR in stdnum; Northern Ireland's XI numbers are the UK's.
  const country = prefix === "EL" ? "GR" : prefix === "XI" ? "GB" : prefix;
  const eu = (euVat as unknown as Record<string, Validator[] | undefined>)[country]?.[0];
  if (eu) return eu;
  if (country === "GB") return stdnum.GB?.vat as Validator | undefined;
  if (country === "NO") return stdnum.NO?.mva as Validator | undefined;
  return undefined;
};

/**
 * Whether the compact VAT ID's check digits add up, for the prefixes stdnum knows; true for
 * the others (their shape is all that is checked).
 */
export async function vatCheckDigitsOk(vatId: string): Promise<boolean> {
  const prefix = vatId.slice(0, 2);
  const validator = await byPrefix(prefix);
  if (!validator) return true;
  const number = prefix === "XI" ? `GB${vatId.slice(2)}` : vatId;
  return validator.validate(number).isValid;
}
