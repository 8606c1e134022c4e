import { secondaryButtonClass } from "@/components/ui/form-controls";
import { useJobQueueStatus, useRetryQueueJob } from "@/features/moderation/hooks/use-job-queue";
import { formatDate } from "@/lib/format";
import { TableFrame } from "@/components/ui/data-table";
import { queueLabel } from "@/lib/queue/constants";

/**
 * For moderators: what the job queue (mail, alerts, upkeep) has waiting, and the jobs whose
 * retries are spent, each with the error of its last try and a way to try it again.
 */
export function JobQueueStatus() {
  const { data: status } = useJobQueueStatus(true);
  const retry = useRetryQueueJob();
  if (!status) return null;
  return (
    <section aria-labelledby="job-queue" className="mt-12">
      <h2 id="job-queue" className="text-lg font-semibold text-gray-900">
        Mail and scheduled work
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Failed jobs were tried until their retries ran out; retry one once its cause is fixed (an
        SMTP server back up, say).
      </p>
      <TableFrame label="Queues" className="mt-4">
        <table className="min-w-full divide-y divide-gray-200 bg-white text-sm">
          <thead className="bg-gray-50 text-left text-gray-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Queue
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Waiting
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Running
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Failed
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {status.queues.map((queue) => (
              <tr key={queue.name}>
                <th scope="row" className="px-4 py-2 text-left font-medium text-gray-900">
                  {queueLabel(queue.name)}
                </th>
                <td className="px-4 py-2 text-right tabular-nums">{queue.waiting}</td>
                <td className="px-4 py-2 text-right tabular-nums">{queue.active}</td>
                <td className="px-4 py-2 text-right tabular-nums">{queue.failed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      {status.failed.length > 0 && (
        <ul role="list" className="mt-6 space-y-3">
          {status.failed.map((job) => (
            <li
              key={job.id}
              className="flex flex-wrap items-start justify-between gap-3 rounded-xl bg-white p-4 ring-1 ring-gray-200"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium text-gray-900">
                  {job.template
                    ? `${job.template} to ${job.to ?? "nobody"}`
                    : queueLabel(job.queue)}
                </p>
                <p className="mt-1 break-words text-gray-600">{job.error ?? "No error recorded"}</p>
                <p className="mt-1 text-gray-500">
                  {job.tries} {job.tries === 1 ? "try" : "tries"}
                  {job.failed_at && <>, last {formatDate(job.failed_at)}</>}
                </p>
              </div>
              <button
                type="button"
                className={secondaryButtonClass}
                aria-disabled={retry.isPending}
                onClick={() => !retry.isPending && retry.mutate(job.id)}
              >
                Retry
                <span className="sr-only"> {job.template ?? queueLabel(job.queue)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
