import type { GetServerSideProps } from "next";
import { LISTINGS, type ListingKind, type ListingPageProps } from "@/features/jobs/listing-pages";
import { findEntry } from "@/lib/taxonomy";
import { loadBoard, type BoardRoute } from "./board-page";

const ROUTES: Record<ListingKind, BoardRoute> = {
  department: "/departments/[department]",
  region: "/regions/[region]",
  type: "/types/[type]",
};

/** getServerSideProps of /departments/[department], /regions/[region] and /types/[type]. */
export function listingPageData(kind: ListingKind): GetServerSideProps<ListingPageProps> {
  return async (context) => {
    const found = findEntry(LISTINGS[kind].entries, context.params?.[kind]);
    if (!found) return { notFound: true };
    const board = await loadBoard(ROUTES[kind], context);
    if (!("props" in board)) return board;
    const entry = { slug: found.slug, label: found.label };
    return { props: { ...(await board.props), kind, entry } };
  };
}
