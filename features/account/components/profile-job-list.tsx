import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { CompanyMark } from "@/components/ui/company-mark";
import type { ListedJob } from "@/features/account/types";
import { formatDate, jobTypeLabel } from "@/lib/format";
import { jobPath } from "@/features/jobs/path";

/** One job in a candidate's own list: what it is, when they marked it, and what they can do. */
export function ProfileJobRow({
  item,
  meta,
  actions,
}: {
  item: ListedJob;
  /** e.g. "Saved 3 Oct 2025". */
  meta: string;
  actions: ReactNode;
}) {
  const { job } = item;
  return (
    <li className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-xs ring-1 ring-gray-200 sm:flex-row sm:items-center sm:p-5">
      <div className="flex min-w-0 flex-1 gap-4">
        <CompanyMark name={job.company.name} slug={job.company.slug} />
        <div className="min-w-0">
          <p className="text-sm font-medium text-gray-600">{job.company.name}</p>
          <h2 className="text-base font-semibold text-gray-900">
            <Link href={jobPath(job)} className="hover:text-violet-700 hover:underline">
              {job.title}
            </Link>
          </h2>
          <p className="mt-1 text-sm text-gray-500">
            {job.location} · {jobTypeLabel(job.type)} · {meta}
          </p>
          {!item.accepting_applications && (
            <p className="mt-2 inline-flex rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700">
              No longer accepting applications
            </p>
          )}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2 sm:justify-end">{actions}</div>
    </li>
  );
}

export function ProfileJobList({ children }: { children: ReactNode }) {
  return (
    <ul role="list" className="space-y-3">
      {children}
    </ul>
  );
}

export const markedOn = (verb: string, iso: string) => `${verb} ${formatDate(iso)}`;
