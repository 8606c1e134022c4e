import type { CompanyProfile } from "@/features/companies/page";
import type { JobPage } from "@/features/jobs/types";
import { shownLogo } from "@/lib/logos/logos";
import type { Card, CardFacts } from "@/lib/og/address";
import { card, roles } from "@/lib/og/base";

/*
 * A company page's social card (og:image), built from the facts the page renders (lib/og makes
 * its address; features/og/server draws it and reads the same facts for its route).
 */

/** A company's card: its name, logo and open roles. */
export function companyCard(
  company: Pick<CompanyProfile, "slug" | "name" | "logo_url">,
  results: Pick<JobPage, "total" | "total_is_capped">,
): Card {
  const note = results.total > 0 ? roles(results) : "No open roles right now";
  const facts: CardFacts = {
    eyebrow: "Company",
    title: `Jobs at ${company.name}`,
    chips: [],
    figures: [],
    note,
    badge: company.name,
    logo: shownLogo(company.logo_url),
  };
  return card("company", company.slug, facts, `Jobs at ${company.name}: ${note}`);
}
