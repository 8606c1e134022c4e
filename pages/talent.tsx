import type { GetServerSideProps } from "next";
import Link from "next/link";
import { ContentPage } from "@/components/content-page";
import { TalentCard } from "@/components/talent/talent-card";
import { formatCount } from "@/lib/format";
import { pageQuery } from "@/lib/page-params";
import { routes } from "@/lib/routes";
import { parseTalentFilters } from "@/lib/schemas/talent";
import { getDatabase } from "@/lib/server/db";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { listTalent } from "@/lib/server/talent/talent-service";
import type { TalentPage } from "@/lib/talent-types";
import { DEPARTMENTS, REGIONS } from "@/lib/taxonomy";
import { PageLinks } from "@/components/ui/page-links";

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

const selectClass =
  "mt-1 block w-full rounded-lg bg-white py-2 pr-8 pl-3 text-sm text-gray-900 outline-1 -outline-offset-1 outline-gray-300 focus:outline-2 focus:-outline-offset-2 focus:outline-violet-600";

export default function TalentPageView({
  profiles,
  total,
  page,
  page_count: pageCount,
  filters,
}: TalentPage) {
  return (
    <ContentPage
      eyebrow="Candidates"
      title="Creator economy talent"
      description="Candidates open to new roles in the creator economy, with the skills brands, agencies and platforms hire for."
      path={talentHref(filters)}
    >
      {/* A plain GET form: filtering works without JavaScript, and each filter has one URL. */}
      <form
        action={routes.talent}
        method="get"
        className="flex flex-col gap-4 rounded-2xl bg-gray-50 p-4 sm:flex-row sm:items-end"
      >
        <div className="flex-1">
          <label htmlFor="talent-department" className="text-sm font-medium text-gray-900">
            Department
          </label>
          <select
            id="talent-department"
            name="department"
            defaultValue={filters.department ?? ""}
            className={selectClass}
          >
            <option value="">All departments</option>
            {DEPARTMENTS.map((entry) => (
              <option key={entry.slug} value={entry.slug}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex-1">
          <label htmlFor="talent-region" className="text-sm font-medium text-gray-900">
            Region
          </label>
          <select
            id="talent-region"
            name="region"
            defaultValue={filters.region ?? ""}
            className={selectClass}
          >
            <option value="">All regions</option>
            {REGIONS.map((entry) => (
              <option key={entry.slug} value={entry.slug}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded-lg bg-violet-600 px-4 py-2 text-sm font-semibold text-white hover:bg-violet-700"
        >
          Show candidates
        </button>
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
          <span className="font-semibold">Looking for work?</span> Create a profile and switch on
          “Show my profile on the talent page”.
        </p>
        <Link
          href={routes.signUp}
          className="mt-4 inline-flex rounded-lg bg-violet-600 px-3 py-2 text-sm font-semibold text-white hover:bg-violet-700 sm:mt-0"
        >
          Create your profile
        </Link>
      </div>
    </ContentPage>
  );
}
