import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { LoadFailed } from "@/components/ui/load-failed";
import { formatDateTime } from "@/features/companies/components/team-parts";
import { useCompanyActivity, type ActivityEntry } from "@/features/companies/hooks/use-team";
import { routes } from "@/lib/routes";

/** A path in this site (never another site, nor a `javascript:` address). */
const isOwnPath = (href: string) => /^\/(?![\\/])/.test(href);

function EntryRow({ entry }: { entry: ActivityEntry }) {
  return (
    <li className="py-4">
      <p className="text-sm text-gray-900">
        <span className="font-semibold">{entry.actor ?? "The board"}</span>
        <span className="sr-only">:</span>{" "}
        {entry.href && isOwnPath(entry.href) ? (
          <Link href={entry.href} className="text-violet-700 hover:underline">
            {entry.text}
          </Link>
        ) : (
          entry.text
        )}
      </p>
      <p className="mt-1 text-xs text-gray-500">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </p>
    </li>
  );
}

/**
 * /listings/activity's list: who did what in the company, newest first, a page at a time with
 * Older. Only the owner and admins read it: the others are told so, as is someone in no company.
 */
export function ActivityScreen() {
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useCompanyActivity();
  if (isPending) return <ProfileScreenLoading />;
  if (isError && !data) return <LoadFailed what="The activity" retry={() => void refetch()} />;

  const first = data.pages[0];
  if (first?.state === "no_company") {
    return (
      <EmptyList title="No company yet" action={{ href: routes.submit, label: "Post a job" }}>
        Your company is made with your first listing, from the company details you give there. Its
        activity shows here once there is some.
      </EmptyList>
    );
  }
  if (first?.state === "forbidden") {
    return (
      <div className="rounded-2xl bg-white px-6 py-12 text-center shadow-xs ring-1 ring-gray-200">
        <h2 className="text-base font-semibold text-gray-900">
          Only the owner and admins see the activity
        </h2>
        <p className="mx-auto mt-2 max-w-md text-sm text-gray-600">
          Your role in the company does not include it. Your team page says who its owner and admins
          are.
        </p>
        <Link
          href={routes.team}
          className="mt-6 inline-block text-sm font-semibold text-violet-700 hover:underline"
        >
          See your team
        </Link>
      </div>
    );
  }

  const entries = data.pages.flatMap((page) => (page.state === "entries" ? page.page.entries : []));
  if (entries.length === 0) {
    return (
      <EmptyList title="Nothing yet">
        What your team does shows here as it happens: invitations, roles, listings posted and
        edited, applicants moved.
      </EmptyList>
    );
  }
  return (
    <div className="rounded-2xl bg-white px-5 shadow-xs ring-1 ring-gray-200 sm:px-6">
      <ol role="list" aria-label="Activity, newest first" className="divide-y divide-gray-100">
        {entries.map((entry) => (
          <EntryRow key={entry.id} entry={entry} />
        ))}
      </ol>
      {(hasNextPage || isError) && (
        <div className="flex flex-wrap items-center justify-center gap-3 border-t border-gray-100 py-4">
          {isError && <p className="text-sm text-red-700">The older entries did not come.</p>}
          <Button
            variant="secondary"
            size="sm"
            busy={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? "Loading…" : "Older"}
          </Button>
        </div>
      )}
    </div>
  );
}
