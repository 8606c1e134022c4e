import type { InvoiceProduct } from "@/lib/model/billing";
import type { InvoiceLine, InvoiceParty } from "./documents";

/*
 * Tax on an invoice (issue 45): a rate per buyer country from the board's settings (none by
 * default), except for an EU business buyer with a VAT ID whose country is not the seller's,
 * who accounts for the VAT themselves (the reverse charge, Article 196 of the VAT Directive):
 * 0%, and the invoice must say so. Amounts are integer minor units; tax is rounded per line,
 * half away from zero.
 */

/** The EU's member states (ISO 3166-1: Greece is GR here, EL only in VAT IDs). */
const EU = new Set(
  "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split(" "),
);

export const REVERSE_CHARGE_NOTE =
  "Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).";

export type TaxTreatment = { rateBp: number; note: string | null };

/** The tax on a sale from `seller` to `buyer` with the board's `rates` (basis points by country). */
export function taxTreatment(
  seller: Pick<InvoiceParty, "country">,
  buyer: Pick<InvoiceParty, "country" | "tax_id">,
  rates: ReadonlyMap<string, number>,
): TaxTreatment {
  const country = buyer.country;
  if (!country) return { rateBp: 0, note: null };
  if (EU.has(country) && buyer.tax_id && country !== seller.country) {
    return { rateBp: 0, note: REVERSE_CHARGE_NOTE };
  }
  return { rateBp: rates.get(country) ?? 0, note: null };
}

/** `value` × `bp` / 10 000, rounded half away from zero, in integers. */
const taxOf = (value: number, bp: number) => {
  const scaled = Math.abs(value) * bp;
  const rounded = Math.floor((scaled + 5_000) / 10_000);
  return value < 0 ? -rounded : rounded;
};

/** An item sold; `product` says what it is, for the revenue report (issue 63). */
export type Item = {
  description: string;
  quantity: number;
  unitMinor: number;
  product?: InvoiceProduct;
};

/** The invoice's lines for `items`, each with its tax at `rateBp`. */
export function priceLines(items: Item[], currency: string, rateBp: number): InvoiceLine[] {
  return items.map(({ description, quantity, unitMinor, product }) => {
    const net = quantity * unitMinor;
    const tax = taxOf(net, rateBp);
    return {
      description,
      quantity,
      unit_minor: unitMinor,
      net_minor: net,
      tax_rate_bp: rateBp,
      tax_minor: tax,
      total_minor: net + tax,
      currency,
      ...(product && { product }),
    };
  });
}

export const totalsOf = (lines: InvoiceLine[]) => {
  const subtotal = lines.reduce((sum, line) => sum + line.net_minor, 0);
  const tax = lines.reduce((sum, line) => sum + line.tax_minor, 0);
  return { subtotal, tax, total: subtotal + tax };
};
