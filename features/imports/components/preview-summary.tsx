import { jobsCount, SkippedList } from "@/features/imports/components/import-parts";
import type { SourcePreview } from "@/features/imports/hooks/use-imports";
import { departmentLabel, formatSalary, jobTypeLabel, regionLabel } from "@/lib/format";
import { ATS_LABELS } from "@/features/imports/ats";

/**
 * What a board would bring: whose board it is as its ATS names it (a mistyped name shows as
 * someone else's company), how many jobs and how many would be imported, the first few as their
 * listings would read, and those left out with why.
 */
export function PreviewSummary({ preview }: { preview: SourcePreview }) {
  return (
    <div className="space-y-5">
      <p className="text-base font-semibold text-gray-900">
        {preview.company_name ?? preview.board} on {ATS_LABELS[preview.ats]}:{" "}
        {jobsCount(preview.total)}, {preview.importable} would be imported
      </p>
      {preview.sample.length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-gray-900">As they would appear</h3>
          <ul role="list" className="mt-2 divide-y divide-gray-100 rounded-xl ring-1 ring-gray-200">
            {preview.sample.map((job) => {
              const pay = formatSalary(
                job.salary_min,
                job.salary_max,
                job.salary_currency,
                job.salary_period,
              );
              return (
                <li key={job.external_id} className="px-4 py-3">
                  <p className="text-sm font-semibold text-gray-900">{job.title}</p>
                  <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-gray-600">
                    <span>{departmentLabel(job.department)}</span>
                    <span>{regionLabel(job.region)}</span>
                    <span>{jobTypeLabel(job.type)}</span>
                    {pay && <span>{pay}</span>}
                  </p>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {preview.skipped.length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-gray-900">
            Left out: {jobsCount(preview.skipped.length)}
          </h3>
          <div className="mt-2 rounded-xl bg-gray-50 p-4">
            <SkippedList skipped={preview.skipped} />
          </div>
        </div>
      )}
    </div>
  );
}
