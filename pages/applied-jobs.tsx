import {
  ProfileJobList,
  ProfileJobRow,
  markedOn,
} from "@/features/account/components/profile-job-list";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { secondaryButtonClass } from "@/components/ui/form-controls";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { BoardApplications } from "@/features/applications/components/board-applications";
import { useBoardApplications } from "@/features/applications/hooks/use-job-applications";
import {
  useApplications,
  useDeleteApplication,
  useUpdateApplication,
} from "@/features/account/hooks/use-job-marks";
import { APPLICATION_STATUSES, type ApplicationStatus } from "@/features/account/constants";
import { routes } from "@/lib/routes";

export default function AppliedJobsPage() {
  const { data: applications } = useApplications();
  const { data: boardApplications } = useBoardApplications();
  const update = useUpdateApplication();
  const remove = useDeleteApplication();

  let content;
  if (!applications || !boardApplications) content = <ProfileScreenLoading />;
  else if (applications.length === 0 && boardApplications.length === 0) {
    content = (
      <EmptyList title="No applications yet" action={{ href: routes.home, label: "Find a job" }}>
        Jobs you apply to on the board show here with where they stand. Applied elsewhere? Press “I
        applied” on the job’s page to track it here.
      </EmptyList>
    );
  } else if (applications.length === 0) {
    content = <BoardApplications applications={boardApplications} />;
  } else {
    const counts = APPLICATION_STATUSES.map((status) => ({
      ...status,
      count: applications.filter((application) => application.status === status.slug).length,
    }));
    content = (
      <>
        {boardApplications.length > 0 && (
          <div className="mb-10">
            <BoardApplications applications={boardApplications} />
          </div>
        )}
        <h2 className="text-lg font-semibold text-gray-900">Tracked by you</h2>
        <p className="mt-1 mb-4 text-sm text-gray-600">
          Jobs you applied to elsewhere and marked here; you set where each stands.
        </p>
        <dl className="mb-6 grid grid-cols-3 gap-3 sm:grid-cols-5">
          {counts.map((status) => (
            <div
              key={status.slug}
              className="rounded-xl bg-white px-4 py-3 shadow-xs ring-1 ring-gray-200"
            >
              <dt className="text-xs font-medium text-gray-500">{status.label}</dt>
              <dd className="mt-1 text-xl font-semibold text-gray-900">{status.count}</dd>
            </div>
          ))}
        </dl>
        <ProfileJobList>
          {applications.map((application) => {
            const selectId = `application-${application.id}-status`;
            return (
              <ProfileJobRow
                key={application.id}
                item={application}
                meta={markedOn("Applied", application.applied_at)}
                actions={
                  <>
                    <label htmlFor={selectId} className="sr-only">
                      Status of {application.job.title}
                    </label>
                    <select
                      id={selectId}
                      value={application.status}
                      onChange={(event) =>
                        update.mutate({
                          id: application.id,
                          status: event.target.value as ApplicationStatus,
                        })
                      }
                      className="rounded-lg bg-white py-2 pr-8 pl-3 text-sm font-medium text-gray-900 outline-1 -outline-offset-1 outline-gray-300 focus:outline-2 focus:-outline-offset-2 focus:outline-violet-600"
                    >
                      {APPLICATION_STATUSES.map((status) => (
                        <option key={status.slug} value={status.slug}>
                          {status.label}
                        </option>
                      ))}
                    </select>
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      onClick={() => remove.mutate(application.id)}
                    >
                      Remove<span className="sr-only"> {application.job.title}</span>
                    </button>
                  </>
                }
              />
            );
          })}
        </ProfileJobList>
      </>
    );
  }

  return (
    <>
      <ProfilePageHeader
        title="Applications"
        lead="Jobs you applied to, and where each one stands."
      />
      <div className="mt-8">{content}</div>
    </>
  );
}
