/** An address as a company gave it: its billing details, or what Stripe Checkout collected. */
export type PostalAddress = {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  postalCode?: string | null;
  region?: string | null;
};

/**
 * The address's lines in the order its country writes them (issue 60), without the country,
 * which the invoice names after them: town then postcode in the UK, postcode then town in
 * Germany, city, state and ZIP code in the US. The rules are OpenCage's address templates, one
 * per country, through @fragaria/address-formatter, loaded with the first address (they weigh
 * 300 kB). The street lines stay as typed (they hold the house number where the country puts
 * it), the second under the first.
 */
export async function postalLines(address: PostalAddress, country: string | null) {
  // Its ES build exports only a default: the formatter.
  const { default: addressFormatter } = await import("@fragaria/address-formatter");
  const given = (value: string | null | undefined) => value?.trim() || undefined;
  const street = given(address.line1);
  const lines = addressFormatter.format(
    {
      road: street,
      city: given(address.city),
      postcode: given(address.postalCode),
      state: given(address.region),
    },
    { countryCode: country ?? undefined, output: "array" },
  );
  const second = given(address.line2);
  if (!second) return lines;
  const after = street ? lines.findIndex((line) => line.includes(street)) + 1 : 0;
  return [...lines.slice(0, after), second, ...lines.slice(after)];
}
