import type { GetServerSideProps } from "next";
import { Link } from "@/components/ui/link";
import { ContentPage } from "@/features/content/components/content-page";
import { TalentCard } from "@/features/directory/components/talent-card";
import { formatCount } from "@/lib/format";
import { talentCard } from "@/features/directory/og-card";
import { PAGE_COPY } from "@/features/content/page-copy";
import { pageQuery } from "@/lib/page-params";
import { routes } from "@/lib/routes";
import { parseTalentFilters } from "@/features/directory/schemas";
import { getDatabase } from "@/lib/server/db";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { listTalent } from "@/features/directory/server/talent-page";
import type { TalentPage } from "@/features/directory/types";
import { PageLinks } from "@/components/ui/page-links";
import { Button, ButtonLink } from "@/components/ui/button";
import { TaxonomySelect } from "@/components/ui/taxonomy-select";

export const getServerSideProps: GetServerSideProps<TalentPage> = async ({ query, res }) => {
  // Only the filters count: tracking parameters (utm_source, fbclid...) are left aside.
  const known = pageQuery("/talent", query);
  const parsed = parseTalentFilters(known);
  if (!parsed.ok) return { notFound: true };
  // The form sends blank fields for "all": one URL per set of filters.
  if (Object.values(known).some((value) => value === "")) {
    return { redirect: { destination: talentHref(parsed.data), permanent: false } };
  }
  const page = await listTalent(await getDatabase(), parsed.data);
  if (parsed.data.page > page.page_count) return { notFound: true };
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.talent);
  return { props: page };
};

const talentHref = (filters: Partial<TalentPage["filters"]>) => {
  const params = new URLSearchParams();
  if (filters.department) params.set("department", filters.department);
  if (filters.region) params.set("region", filters.region);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `${routes.talent}?${query}` : routes.talent;
};

export default function TalentPageView({
  profiles,
  total,
  page,
  page_count: pageCount,
  filters,
}: TalentPage) {
  return (
    <ContentPage
      {...PAGE_COPY.talent}
      path={talentHref(filters)}
      // A filtered list's count is not the card's (every candidate): its card has no version.
      card={talentCard(filters.department || filters.region ? null : total)}
    >
      {/* A plain GET form: filtering works without JavaScript, and each filter has one URL. */}
      <form
        action={routes.talent}
        method="get"
        className="flex flex-col gap-4 rounded-2xl bg-gray-50 p-4 sm:flex-row sm:items-end"
      >
        <TaxonomySelect
          taxonomy="department"
          id="talent-department"
          label="Department"
          anyLabel="All departments"
          value={filters.department}
          className="flex-1"
        />
        <TaxonomySelect
          taxonomy="region"
          id="talent-region"
          label="Region"
          anyLabel="All regions"
          value={filters.region}
          className="flex-1"
        />
        <Button type="submit" size="sm">
          Show candidates
        </Button>
      </form>

      <p className="mt-8 text-sm text-gray-600" aria-live="polite">
        {formatCount(total)} {total === 1 ? "candidate" : "candidates"}
      </p>
      {profiles.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-gray-300 px-6 py-12 text-center">
          <h2 className="text-base font-semibold text-gray-900">No candidates match yet</h2>
          <p className="mx-auto mt-2 max-w-md text-sm text-gray-600">
            Try another department or region, or{" "}
            <Link href={routes.recruitmentServices} className="font-medium text-violet-700">
              let our recruiters find them for you
            </Link>
            .
          </p>
        </div>
      ) : (
        <ul role="list" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {profiles.map((profile, index) => (
            // Profiles carry no id: nothing that identifies an account leaves the server.
            <li key={index}>
              <TalentCard profile={profile} />
            </li>
          ))}
        </ul>
      )}
      <PageLinks
        page={page}
        pageCount={pageCount}
        href={(n) => talentHref({ ...filters, page: n })}
      />
      <div className="mt-12 rounded-2xl bg-violet-50 p-6 sm:flex sm:items-center sm:justify-between">
        <p className="text-sm text-violet-900">
          <span className="font-semibold">Looking for work?</span> Create a profile and make it
          public in your settings.
        </p>
        <ButtonLink href={routes.signUp} size="sm" className="mt-4 sm:mt-0">
          Create your profile
        </ButtonLink>
      </div>
    </ContentPage>
  );
}
