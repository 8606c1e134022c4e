import { useRouter } from "next/router";
import { useState } from "react";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { DirectoryCard } from "@/features/directory/components/directory-card";
import {
  DIRECTORY_PARAMS,
  DirectorySearchForm,
  directoryHref,
  type DirectoryFormValues,
} from "@/features/directory/components/directory-search-form";
import { SentInvitationList } from "@/features/directory/components/sent-invitations";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageLinks } from "@/components/ui/page-links";
import { Tabs } from "@/components/ui/tabs";
import {
  useDirectorySearch,
  useSentInvitations,
  type DirectoryPage,
  type DirectoryQuota,
  type DirectoryRefusal,
} from "@/features/directory/hooks/use-directory";
import { formatDateTime } from "@/lib/format-time";
import { formatCount } from "@/lib/format";
import { routes } from "@/lib/routes";

/**
 * The search as the address holds it: the form's fields, and the page, as the API is asked
 * them. The API judges them (a 422 says what is wrong), so no schema is loaded here.
 */
function useAddressedSearch() {
  const { query } = useRouter();
  const values: DirectoryFormValues = {};
  for (const name of DIRECTORY_PARAMS) {
    const value = query[name];
    if (typeof value === "string" && value.trim() !== "") values[name] = value;
  }
  const page = typeof query.page === "string" && query.page !== "1" ? query.page : undefined;
  return { values, asked: { ...values, ...(page ? { page } : {}) } as Record<string, string> };
}

/** "180 of 200 candidates left today". */
export const quotaLeft = (quota: DirectoryQuota, what: string) =>
  `${formatCount(quota.left)} of ${formatCount(quota.limit)} ${what} left today`;

/** What the company may still do today: the views and invitations left. */
function Allowances({ page }: { page: DirectoryPage }) {
  return (
    <ul
      role="list"
      aria-label="Left today"
      className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-gray-600"
    >
      <li>{quotaLeft(page.views, "candidates")}</li>
      <li>{quotaLeft(page.invitations, "invitations")}</li>
    </ul>
  );
}

/** Why the company cannot search: no company yet, or no listing that went live. */
export function DirectoryRefused({ refusal }: { refusal: DirectoryRefusal }) {
  if (refusal.state === "no_company") {
    return (
      <EmptyList title="No company yet" action={{ href: routes.submit, label: "Post a job" }}>
        Your company is made with your first listing; once one has been live on the board, you can
        search the candidates who let employers find them.
      </EmptyList>
    );
  }
  return (
    <EmptyList title="Not yet" action={{ href: routes.submit, label: "Post a job" }}>
      {refusal.message}.
    </EmptyList>
  );
}

function Results({ page, values }: { page: DirectoryPage; values: DirectoryFormValues }) {
  const count = `${formatCount(page.total)} ${page.total === 1 ? "candidate" : "candidates"}`;
  return (
    <>
      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-3">
        <p className="text-sm text-gray-700" aria-live="polite">
          <span className="font-semibold text-gray-900">{count}</span>
          {page.corrected_q && (
            <>
              {" "}
              · Showing results for{" "}
              <span className="font-semibold text-gray-900">{page.corrected_q}</span>
            </>
          )}
        </p>
        <Allowances page={page} />
      </div>
      {page.withheld > 0 && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {formatCount(page.withheld)} more{" "}
          {page.withheld === 1 ? "candidate is" : "candidates are"} on this page. Your company has
          seen {formatCount(page.views.limit)} candidates today, in search or opened, as many as a
          day allows: more from {formatDateTime(page.views.resets_at)} (midnight UTC). Candidates
          seen today still show and open.
        </p>
      )}
      {page.profiles.length === 0 ? (
        page.withheld === 0 && (
          <div className="mt-4">
            <EmptyList title="No candidate matches">
              Try fewer words or filters. Only candidates who let employers see their profile are
              here.
            </EmptyList>
          </div>
        )
      ) : (
        <ul role="list" aria-label="Candidates" className="mt-4 grid gap-4 sm:grid-cols-2">
          {page.profiles.map((card) => (
            <li key={card.key}>
              <DirectoryCard card={card} />
            </li>
          ))}
        </ul>
      )}
      <PageLinks
        page={page.page}
        pageCount={page.page_count}
        href={(number) => directoryHref(values, number)}
      />
    </>
  );
}

function SentInvitations() {
  const { data, isError, refetch } = useSentInvitations();
  if (isError) return <LoadFailed what="Your invitations" retry={() => void refetch()} />;
  if (!data) return <ProfileScreenLoading />;
  if (data.invitations.length === 0) {
    return (
      <EmptyList title="No invitations sent yet">
        Open a candidate&rsquo;s profile from the search to invite them to apply to one of your live
        listings.
      </EmptyList>
    );
  }
  return (
    <div className="rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200 sm:p-6">
      <p className="mb-4 text-sm text-gray-600">
        {quotaLeft(data.invitations_today, "invitations")}
      </p>
      <SentInvitationList invitations={data.invitations} label="Invitations sent" />
    </div>
  );
}

const tabClass =
  "-mb-px border-b-2 border-transparent px-1 py-3 text-sm font-semibold text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-violet-600 data-selected:border-violet-600 data-selected:text-violet-700";

/**
 * /listings/candidates (issue 47): the search over the candidates who let employers find them,
 * kept in the address, with today's allowances; and the company's invitations with their
 * answers. Someone in no company, or in one that has had no live listing, is told what opens it.
 */
export function DirectoryScreen() {
  const { values, asked } = useAddressedSearch();
  const search = useDirectorySearch(asked);
  const [tab, setTab] = useState(0);
  const answer = search.data;
  const page = answer?.state === "page" ? answer.page : undefined;

  if (answer && answer.state !== "page" && answer.state !== "invalid") {
    return <DirectoryRefused refusal={answer} />;
  }

  let results;
  if (answer?.state === "invalid") {
    results = (
      <div role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-sm text-red-900">
        <p className="font-medium">Check the search:</p>
        <ul className="mt-1 list-disc pl-5">
          {answer.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </div>
    );
  } else if (search.isError) {
    results = (
      <div className="mt-6">
        <LoadFailed what="The candidates" retry={() => void search.refetch()} />
      </div>
    );
  } else if (!page) {
    results = (
      <div className="mt-6">
        <ProfileScreenLoading />
      </div>
    );
  } else results = <Results page={page} values={values} />;

  return (
    <Tabs
      label="Candidates"
      selected={tab}
      onSelect={setTab}
      tabListClassName="flex gap-6 border-b border-gray-200"
      tabClassName={tabClass}
      panelsClassName="mt-6"
      tabs={[
        {
          title: "Search",
          panelHasStop: true,
          panel: (
            <>
              {/* A new address is a new search: the form starts again from it. */}
              <DirectorySearchForm
                key={directoryHref(values)}
                values={values}
                facets={page?.facets}
              />
              {results}
            </>
          ),
        },
        { title: "Invitations sent", panel: tab === 1 ? <SentInvitations /> : null },
      ]}
    />
  );
}
