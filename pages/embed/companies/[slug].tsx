import type { GetServerSideProps } from "next";
import { pageQuery } from "@/lib/page-params";
import { EmbedList } from "@/features/embed/components/embed-list";
import { embedPageData } from "@/features/embed/server/company-embed";
import type { EmbedPageProps } from "@/features/embed/schemas";

/**
 * A company's live listings, framed by its own careers site (issue 66). Neither public nor in
 * the profile area, it gets no layout (components/layout/app-layout.tsx), and no script at all.
 */
export const getServerSideProps: GetServerSideProps<EmbedPageProps> = (context) =>
  embedPageData(context, pageQuery("/embed/companies/[slug]", context.query));

/** Next.js sends none of its scripts (nor __NEXT_DATA__): the page is its HTML. */
export const config = { unstable_runtimeJS: false };

export default EmbedList;
