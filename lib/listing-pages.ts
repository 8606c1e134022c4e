import type { GetStaticPaths, GetStaticProps } from "next";
import { routes } from "@/lib/routes";
import { DEPARTMENTS, JOB_TYPES, REGIONS, findEntry, type TaxonomyEntry } from "@/lib/taxonomy";

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
        : `Creator economy jobs in ${entry.label}`,
    description: (entry) =>
      entry.slug === "remote"
        ? "Remote roles in the creator economy, from influencer marketing to engineering."
        : `Creator economy roles based in ${entry.label}, from influencer marketing to engineering.`,
  },
  type: {
    entries: JOB_TYPES,
    path: routes.type,
    title: (entry) => `${entry.label} jobs in the creator economy`,
    description: (entry) =>
      `${entry.label} roles at creator-led brands, agencies, platforms and creator tools.`,
  },
};

export type ListingPageProps = { kind: ListingKind; entry: TaxonomyEntry };

/** getStaticPaths and getStaticProps for a listing route; an unknown slug is a 404. */
export function listingPage(kind: ListingKind, param: string) {
  const { entries } = LISTINGS[kind];
  const getStaticPaths: GetStaticPaths = async () => ({
    paths: entries.map((entry) => ({ params: { [param]: entry.slug } })),
    fallback: false,
  });
  const getStaticProps: GetStaticProps<ListingPageProps> = async ({ params }) => {
    const entry = findEntry(entries, params?.[param]);
    if (!entry) return { notFound: true };
    return { props: { kind, entry: { slug: entry.slug, label: entry.label } } };
  };
  return { getStaticPaths, getStaticProps };
}
