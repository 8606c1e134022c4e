import { Link } from "@/components/ui/link";
import { useState, type ReactNode } from "react";
import { CompanyLogo } from "@/components/ui/company-logo";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import {
  HiddenJobNotice,
  JobCardActions,
  useJobActions,
} from "@/features/jobs/components/job-actions";
import { formatDate, formatSalary, jobTypeLabel } from "@/lib/format";
import { jobPath } from "@/features/jobs/path";
import type { JobSummary } from "@/features/jobs/types";
import { routes } from "@/lib/routes";

/**
 * One job in a list; the whole card is the link to the job. A job the candidate marked not
 * interested is left out, or, right after they mark it, replaced by a way to undo that.
 */
export function JobCard({ job }: { job: JobSummary }) {
  const actions = useJobActions(job.id);
  const [hiddenHere, setHiddenHere] = useState(false);
  if (actions.hidden) {
    return hiddenHere ? <HiddenJobNotice title={job.title} actions={actions} /> : null;
  }
  const cardActions = {
    ...actions,
    toggleHidden: () => {
      setHiddenHere(true);
      actions.toggleHidden();
    },
  };
  return (
    <JobCardFrame
      job={job}
      companyHref={routes.company(job.company.slug)}
      title={
        <Link href={jobPath(job)} className="job-card-link">
          {job.title}
        </Link>
      }
    >
      <JobCardActions title={job.title} actions={cardActions} />
    </JobCardFrame>
  );
}

/** Jobs as a list of cards, in the order given. */
export function JobCardList({
  jobs,
  className = "mt-4 space-y-3",
}: {
  jobs: readonly JobSummary[];
  className?: string;
}) {
  return (
    <ol role="list" className={className}>
      {jobs.map((job) => (
        <li key={job.id}>
          <JobCard job={job} />
        </li>
      ))}
    </ol>
  );
}

/**
 * How a job looks in a list: company, title, place, type, pay and date. `title` is the title as
 * shown (the card's link in lists); `companyHref`, when given, links the company's name to its
 * page (a listing's preview has no page yet); `children` go under the date (the card's actions).
 */
export function JobCardFrame({
  job,
  title,
  companyHref,
  children,
}: {
  job: JobSummary;
  title: ReactNode;
  companyHref?: string;
  children?: ReactNode;
}) {
  const salary = formatSalary(
    job.salary_min,
    job.salary_max,
    job.salary_currency,
    job.salary_period,
  );
  return (
    <article className={job.sponsored ? "job-card job-card-sponsored" : "job-card"}>
      <CompanyLogo name={job.company.name} slug={job.company.slug} logoUrl={job.company.logo_url} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="text-sm font-medium text-gray-600">
            {/* A plain link, lifted above the title link that covers the card: no per-card
                prefetching for a link few follow. Both are at least 24px tall, so a finger can
                tell them apart (WCAG 2.2's target size). */}
            {companyHref ? (
              <a href={companyHref} className="job-card-company">
                {job.company.name}
              </a>
            ) : (
              job.company.name
            )}
          </p>
          {job.sponsored && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
              Sponsored
            </span>
          )}
        </div>
        <h3 className="mt-0.5 text-base font-semibold text-gray-900 sm:text-lg">{title}</h3>
        <ul role="list" className="job-card-facts">
          <li>
            <SpriteIcon name="map-pin" />
            {job.location}
          </li>
          <li>
            <SpriteIcon name="clock" />
            {jobTypeLabel(job.type)}
          </li>
          {salary && (
            <li>
              <SpriteIcon name="banknotes" />
              {salary}
            </li>
          )}
        </ul>
      </div>
      <div className="flex shrink-0 flex-col items-end justify-between gap-2">
        <p className="hidden text-sm text-gray-500 sm:block">
          <time dateTime={job.published_at}>{formatDate(job.published_at)}</time>
        </p>
        {children}
      </div>
    </article>
  );
}
