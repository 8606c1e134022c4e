import {
  ArrowTopRightOnSquareIcon,
  CheckCircleIcon,
  EnvelopeIcon,
  ExclamationTriangleIcon,
} from "@heroicons/react/20/solid";
import dynamic from "next/dynamic";
import { startTransition, useEffect, useState } from "react";
import { Link } from "@/components/ui/link";
import { useAuth } from "@/lib/auth/auth-context";
import { buttonClass } from "@/components/ui/button";
import { CompanyLogo } from "@/components/ui/company-logo";
import { JobPageActions } from "@/features/jobs/components/job-actions";
import { JobCard } from "@/features/jobs/components/job-card";
import { ListingBeacon } from "@/features/board/components/listing-beacon";
import { JsonLd, Seo } from "@/components/seo";
import { RichText } from "@/components/ui/rich-text";
import {
  departmentLabel,
  formatDate,
  formatSalary,
  formatThousands,
  jobTypeLabel,
  regionLabel,
} from "@/lib/format";
import { jobPath } from "@/features/jobs/path";
import { jobPostingJsonLd } from "@/features/jobs/posting-json-ld";
import { LISTING_EVENT, LISTING_EVENTS_URL, listingEventsPath } from "@/features/listings/events";
import { jobCard } from "@/features/jobs/og-card";
import type { JobPageProps } from "@/features/board/types";
import { STAGE_LABELS } from "@/features/applications/constants";
import type { OwnJobApplication } from "@/features/applications/schemas";
import { routes } from "@/lib/routes";
import { SITE_URL } from "@/lib/site";
import { invitationInFragment } from "@/features/directory/invitation-link";

/**
 * Why a job no longer takes applications, in what the board knows (issue 61): a listing its
 * employer withdrew, or that left the employer's careers site (an imported one), was not
 * necessarily filled.
 */
const CLOSED_WORDS: Partial<Record<JobPageProps["job"]["status"], string>> = {
  filled: "It has been filled.",
  withdrawn: "The employer closed this listing.",
  expired: "The listing ended.",
};

// Whether the signed-in candidate applied already: looked up after load, for them only.
const AppliedLookup = dynamic(
  () =>
    import("@/features/applications/components/applied-lookup").then(
      (module) => module.AppliedLookup,
    ),
  { ssr: false },
);

// The application form's code (and react-query's) loads only once Apply is pressed.
const ApplyDialog = dynamic(
  () =>
    import("@/features/applications/components/apply-dialog").then((module) => module.ApplyDialog),
  { ssr: false },
);

/**
 * Apply on the board: signed out, the press signs in with the popup first, then the form opens;
 * a popup closed or refused leaves the page as it was. An accepted invitation to apply (issue
 * 47) leads here with `#apply-invitation-{id}`: the form opens by itself, carrying it.
 */
function BoardApplyButton({
  job,
  className,
  counted,
}: {
  job: JobPageProps["job"];
  className: string;
  counted: Record<string, string>;
}) {
  const { status, signIn } = useAuth();
  const [open, setOpen] = useState(false);
  const [applied, setApplied] = useState<OwnJobApplication | null>(null);
  // The invitation an accepted one carries in the fragment (never sent to the server), read
  // once the sign-in state is known; the fragment then goes, so a reload does not reopen it.
  const [invitationId, setInvitationId] = useState<number | null>(null);
  useEffect(() => {
    if (status === "loading") return;
    const carried = invitationInFragment(window.location.hash);
    if (carried === null) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, "", `${pathname}${search}`);
    // A transition, as the sign-in state is (auth-context.tsx): the page may still be hydrating.
    if (status === "signed-in") {
      startTransition(() => {
        setInvitationId(carried);
        setOpen(true);
      });
    }
  }, [status]);
  const press = async () => {
    if (status !== "signed-in") {
      try {
        await signIn("google");
      } catch {
        // The popup was closed or refused: the page stays as it was.
        return;
      }
    }
    setOpen(true);
  };
  const lookup = status === "signed-in" && <AppliedLookup jobId={job.id} onFound={setApplied} />;
  // Applied already (the dialog closed): where it stands, in the button's place and size.
  if (applied && !open) {
    return (
      <>
        {lookup}
        <Link
          href={routes.appliedJobs}
          className={buttonClass({ size: "lg", variant: "secondary", className: "w-full" })}
        >
          <CheckCircleIcon aria-hidden="true" className="size-5 text-emerald-600" />
          Applied: {STAGE_LABELS[applied.stage]}
          <span className="sr-only">. See your applications</span>
        </Link>
      </>
    );
  }
  return (
    <>
      {lookup}
      <button type="button" className={className} onClick={() => void press()} {...counted}>
        Apply now
      </button>
      {open && <ApplyDialog job={job} invitationId={invitationId} onClose={() => setOpen(false)} />}
    </>
  );
}

function ApplyButton({ job }: { job: JobPageProps["job"] }) {
  const className = buttonClass({ size: "lg", className: "w-full" });
  // Counted for the employer's statistics by the document's script (features/listings/events.ts),
  // also when pressed before the page's scripts have started.
  const counted = { [LISTING_EVENT]: "apply", [LISTING_EVENTS_URL]: listingEventsPath(job.id) };
  if (job.apply_method === "board") {
    return <BoardApplyButton job={job} className={className} counted={counted} />;
  }
  if (job.apply_url) {
    return (
      <a
        href={job.apply_url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className={className}
        {...counted}
      >
        Apply on {job.company.name}&rsquo;s site
        <ArrowTopRightOnSquareIcon aria-hidden="true" className="size-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  return (
    <a
      href={`mailto:${job.apply_email}?subject=${encodeURIComponent(`Application: ${job.title}`)}`}
      className={className}
      {...counted}
    >
      <EnvelopeIcon aria-hidden="true" className="size-4" />
      Apply by email
    </a>
  );
}

/** How a job's pay compares with its role's median in its region. */
const PAY_POSITIONS = {
  above: "Above the median",
  at: "At the median",
  below: "Below the median",
} as const;

export function JobDetails({
  job,
  descriptionHtml,
  similarJobs,
  payComparison,
  aboutInDescription,
}: JobPageProps) {
  const salary = formatSalary(
    job.salary_min,
    job.salary_max,
    job.salary_currency,
    job.salary_period,
  );
  const url = `${SITE_URL}${jobPath(job)}`;
  const facts = [
    { term: "Location", value: job.location },
    { term: "Type", value: jobTypeLabel(job.type) },
    { term: "Role", value: departmentLabel(job.department) },
    { term: "Salary", value: salary ?? "Not disclosed" },
    // The last day to apply, where a candidate looks before pressing Apply.
    ...(job.accepting_applications
      ? [
          job.applications_close_at
            ? { term: "Applications close", value: formatDate(job.applications_close_at) }
            : { term: "Listed until", value: formatDate(job.expires_at) },
        ]
      : []),
  ];
  return (
    <>
      <Seo
        title={`${job.title} at ${job.company.name}`}
        description={`${job.company.name} is hiring a ${job.title} (${jobTypeLabel(job.type)}, ${job.location})${salary ? `, ${salary}` : ""}.`}
        path={jobPath(job)}
        noIndex={!job.accepting_applications}
        card={jobCard(job)}
      />
      {/* A closed job (filled, withdrawn, ended) is no posting for search engines to show. */}
      {job.accepting_applications && <JsonLd data={jobPostingJsonLd(job, descriptionHtml, url)} />}
      <ListingBeacon jobId={job.id} listed={job.accepting_applications} />

      <div className="bg-violet-700 bg-linear-to-b from-violet-700 to-violet-800 text-white">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
          <nav aria-label="Breadcrumb" className="text-sm text-violet-200">
            <Link href={routes.home} className="hover:text-white">
              Jobs
            </Link>
            <span aria-hidden="true"> / </span>
            <Link href={routes.department(job.department)} className="hover:text-white">
              {departmentLabel(job.department)}
            </Link>
          </nav>
          <div className="mt-4 flex items-start gap-4">
            <CompanyLogo
              name={job.company.name}
              slug={job.company.slug}
              logoUrl={job.company.logo_url}
              size="lg"
            />
            <div>
              <p className="text-base font-medium text-violet-100">
                <Link
                  href={routes.company(job.company.slug)}
                  className="underline decoration-violet-400 underline-offset-4 hover:text-white hover:decoration-white"
                >
                  {job.company.name}
                </Link>
              </p>
              <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
                {job.title}
              </h1>
              <p className="mt-3 text-sm text-violet-200">
                Posted <time dateTime={job.published_at}>{formatDate(job.published_at)}</time>
                {" · "}
                {regionLabel(job.region)}
              </p>
            </div>
          </div>
        </div>
      </div>

      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:px-8">
        {/* On phones the facts and the apply button come first; on desktops they sit beside the text. */}
        <aside className="space-y-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1 lg:self-start">
          <div className="rounded-2xl border border-gray-200 p-5">
            <dl className="space-y-3 text-sm">
              {facts.map((fact) => (
                <div key={fact.term} className="flex justify-between gap-4">
                  <dt className="text-gray-500">{fact.term}</dt>
                  <dd className="text-right font-medium text-gray-900">{fact.value}</dd>
                </div>
              ))}
            </dl>
            {payComparison && (
              <p className="mt-3 text-right text-sm">
                <Link
                  href={payComparison.href}
                  className="font-medium text-violet-700 underline hover:text-violet-900"
                >
                  {PAY_POSITIONS[payComparison.position]} for {payComparison.scope} (
                  {formatThousands(payComparison.shown.amount, payComparison.shown.currency)} a year
                  {payComparison.shown.currency === "USD" ? "" : ", converted from US dollars"})
                </Link>
              </p>
            )}
            <div className="mt-5">
              {job.accepting_applications ? (
                <ApplyButton job={job} />
              ) : (
                <p className="rounded-lg bg-gray-100 px-4 py-3 text-center text-sm font-medium text-gray-600">
                  Applications closed
                </p>
              )}
              <JobPageActions
                jobId={job.id}
                acceptingApplications={job.accepting_applications}
                appliesOnBoard={job.apply_method === "board"}
              />
            </div>
          </div>
          {job.company.about && !aboutInDescription && (
            <div className="hidden rounded-2xl border border-gray-200 p-5 text-sm lg:block">
              <h2 className="font-semibold text-gray-900">About {job.company.name}</h2>
              <p className="mt-2 text-gray-600">{job.company.about}</p>
              {job.company.website && (
                <a
                  href={job.company.website}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="mt-3 inline-block font-medium text-violet-700 hover:underline"
                >
                  Visit website<span className="sr-only"> (opens in a new tab)</span>
                </a>
              )}
            </div>
          )}
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {!job.accepting_applications && (
            <div
              role="status"
              className="mb-8 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900"
            >
              <ExclamationTriangleIcon aria-hidden="true" className="size-5 shrink-0" />
              <div>
                <p className="font-semibold">This job is no longer accepting applications</p>
                <p className="mt-1 text-sm">
                  {CLOSED_WORDS[job.status] ?? "It closed."} Similar open roles are listed below.
                </p>
              </div>
            </div>
          )}
          <RichText html={descriptionHtml} className="max-w-none" />
        </div>
      </div>

      {similarJobs.length > 0 && (
        <section aria-labelledby="similar-heading" className="border-t border-gray-100 bg-gray-50">
          <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
            <h2 id="similar-heading" className="text-lg font-semibold text-gray-900">
              Similar jobs
            </h2>
            <ul role="list" className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-3 lg:grid-cols-2">
              {similarJobs.map((similar) => (
                <li key={similar.id}>
                  <JobCard job={similar} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
