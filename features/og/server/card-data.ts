import { isCompanySlug } from "@/features/companies/page";
import { LISTINGS } from "@/features/jobs/listing-pages";
import { companyCard } from "@/features/companies/og-card";
import { jobCard, listingCard } from "@/features/jobs/og-card";
import { reportCard } from "@/features/reports/og-card";
import { salaryCard } from "@/features/salaries/og-card";
import type { Card, CardKind } from "@/lib/og/address";
import { reportBySlug } from "@/features/reports/reports";
import { parseJobFilters } from "@/features/jobs/filter-schemas";
import { parseSalaryCardSlug } from "@/features/salaries/page";
import { findEntry } from "@/lib/taxonomy";
import { getCompanyPage } from "@/features/companies/server/company-page";
import type { Database } from "@/lib/server/db/client";
import { getJobRecord } from "@/features/jobs/server/jobs";
import { searchJobs } from "@/features/jobs/server/job-search";
import { computeQuarterReport } from "@/features/reports/server/reports";
import { salaryPageReport } from "@/features/salaries/server/salary-figures";
import { loadPageCard } from "./page-card-data";

/*
 * A card's facts, read the way its page reads them (the same services, the same counts), so the
 * version a page puts in the card's address is the version the route computes for it. Null when
 * the page itself would be a 404.
 */

async function listing(db: Database, kind: "department" | "region" | "type", slug: string) {
  const entry = findEntry(LISTINGS[kind].entries, slug);
  if (!entry) return null;
  const filters = parseJobFilters({ [kind]: entry.slug });
  if (!filters.ok) return null;
  // The count only: one row is enough (the total does not depend on the page's size).
  const results = await searchJobs(db, { ...filters.data, per_page: 1 });
  return listingCard(kind, entry, results);
}

export async function loadCard(db: Database, kind: CardKind, slug: string): Promise<Card | null> {
  switch (kind) {
    case "job": {
      // A job's card is named by its id alone: its title may change, its id never does.
      if (!/^[1-9]\d{0,9}$/.test(slug) || Number(slug) > 2_147_483_647) return null;
      const record = await getJobRecord(db, Number(slug));
      return record ? jobCard(record.job) : null;
    }
    case "department":
    case "region":
    case "type":
      return listing(db, kind, slug);
    case "company": {
      if (!isCompanySlug(slug)) return null;
      const found = await getCompanyPage(db, slug, { page: 1, per_page: 1 });
      return found ? companyCard(found.company, found.results) : null;
    }
    case "report": {
      // Every quarter with a report page, as the report API names them (q3-2025).
      const report = reportBySlug(slug);
      return report ? reportCard(await computeQuarterReport(db, report.quarter)) : null;
    }
    case "salary": {
      // "all", "design" or "design--remote", as the salary pages name their cards.
      const page = await salaryPageReport(db, parseSalaryCardSlug(slug));
      return page ? salaryCard(page) : null;
    }
    case "page":
      // The site's own pages: home, about, talent, pricing, legal documents, offers...
      return loadPageCard(db, slug);
  }
}
