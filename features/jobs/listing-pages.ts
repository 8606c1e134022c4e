import { routes } from "@/lib/routes";
import type { JobBoardData } from "@/features/jobs/types";
import { DEPARTMENTS, JOB_TYPES, REGIONS, type TaxonomyEntry } from "@/lib/taxonomy";

/** "the United States", "Canada": a region as it reads inside a sentence. */
const placeName = (entry: TaxonomyEntry) =>
  entry.slug.startsWith("united-") ? `the ${entry.label}` : entry.label;

export type ListingKind = "department" | "region" | "type";

type ListingDefinition = {
  entries: readonly TaxonomyEntry[];
  path: (slug: string) => string;
  title: (entry: TaxonomyEntry) => string;
  description: (entry: TaxonomyEntry) => string;
};

export const LISTINGS: Record<ListingKind, ListingDefinition> = {
  department: {
    entries: DEPARTMENTS,
    path: routes.department,
    title: (entry) => `${entry.label} jobs in the creator economy`,
    description: (entry) =>
      `Open ${entry.label.toLowerCase()} roles at creator-led brands, agencies, platforms and creator tools.`,
  },
  region: {
    entries: REGIONS,
    path: routes.region,
    title: (entry) =>
      entry.slug === "remote"
        ? "Remote jobs in the creator economy"
        : `Creator economy jobs in ${placeName(entry)}`,
    description: (entry) =>
      entry.slug === "remote"
        ? "Remote roles in the creator economy, from influencer marketing to engineering."
        : `Creator economy roles based in ${placeName(entry)}, and remote roles open to people there, from influencer marketing to engineering.`,
  },
  type: {
    entries: JOB_TYPES,
    path: routes.type,
    title: (entry) => `${entry.label} jobs in the creator economy`,
    description: (entry) =>
      `${entry.label} roles at creator-led brands, agencies, platforms and creator tools.`,
  },
};

export type ListingPageProps = JobBoardData & { kind: ListingKind; entry: TaxonomyEntry };
