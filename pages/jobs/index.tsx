import { Link } from "@/components/ui/link";
import { useRouter } from "next/router";
import { JobCardList } from "@/features/jobs/components/job-card";
import { Pagination } from "@/features/jobs/components/pagination";
import { PreferencesSummary } from "@/features/account/components/preferences-summary";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useRecommendations } from "@/features/account/hooks/use-candidate-lists";
import { usePreferences } from "@/features/account/hooks/use-preferences";
import { formatCount } from "@/lib/format";
import { JOBS_PER_PAGE, MAX_PAGE } from "@/features/jobs/filters";
import { routes } from "@/lib/routes";

function pageFrom(value: unknown): number {
  const page = typeof value === "string" && /^\d{1,4}$/.test(value) ? Number(value) : 1;
  return Math.min(Math.max(page, 1), MAX_PAGE);
}

/** The signed-in candidate's jobs: open roles picked by their preferences, newest first. */
export default function JobsPage() {
  const router = useRouter();
  // Until the router has read the query string, the page is not known: fetch nothing yet.
  const page = router.isReady ? pageFrom(router.query.page) : null;
  const { data: results, isPlaceholderData } = useRecommendations(page);
  const { data: preferences } = usePreferences();

  let content;
  if (!results || !preferences) content = <ProfileScreenLoading />;
  else if (results.jobs.length === 0) {
    content = (
      <EmptyList
        title="No open jobs match your preferences"
        action={{ href: routes.preferences, label: "Widen your preferences" }}
      >
        New jobs arrive every day; or take in more roles, places or pay ranges.
      </EmptyList>
    );
  } else {
    content = (
      <>
        <h2 className="sr-only">Matching jobs</h2>
        <p className="text-sm text-gray-600" aria-live="polite">
          {formatCount(results.total)}
          {results.total_is_capped ? "+" : ""} {results.total === 1 ? "job" : "jobs"}
        </p>
        <JobCardList
          jobs={results.jobs}
          className={`mt-3 space-y-3 ${isPlaceholderData ? "opacity-60" : ""}`}
        />
        <Pagination
          basePath={routes.jobs}
          filters={{ page: page ?? 1, per_page: JOBS_PER_PAGE }}
          pageCount={results.page_count}
        />
      </>
    );
  }

  return (
    <>
      <ProfilePageHeader
        title="Jobs for you"
        lead="Open roles that match your preferences, newest first. Jobs you hide stay out."
      />
      <div className="mt-8 space-y-6">
        {results && preferences && (
          <PreferencesSummary preferences={preferences} personalized={results.personalized} />
        )}
        {content}
        <p className="text-sm text-gray-600">
          Looking for something else?{" "}
          <Link href={routes.home} className="font-semibold text-violet-700 hover:text-violet-600">
            Search the whole board
          </Link>
        </p>
      </div>
    </>
  );
}
