import {
  ProfileJobList,
  ProfileJobRow,
  markedOn,
} from "@/features/account/components/profile-job-list";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { secondaryButtonClass } from "@/components/ui/form-controls";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useSavedJobs } from "@/features/account/hooks/use-candidate-lists";
import { useApplyToJob, useJobMarks, useUnsaveJob } from "@/features/account/hooks/use-job-marks";
import { routes } from "@/lib/routes";

export default function SavedJobsPage() {
  const { data: savedJobs } = useSavedJobs();
  const { data: marks } = useJobMarks();
  const unsave = useUnsaveJob();
  const apply = useApplyToJob();

  let content;
  if (!savedJobs) content = <ProfileScreenLoading />;
  else if (savedJobs.length === 0) {
    content = (
      <EmptyList title="No saved jobs yet" action={{ href: routes.home, label: "Browse jobs" }}>
        Press the bookmark on any job to keep it here.
      </EmptyList>
    );
  } else {
    content = (
      <ProfileJobList>
        {savedJobs.map((item) => {
          const applied = marks?.applications[item.job.id];
          return (
            <ProfileJobRow
              key={item.job.id}
              item={item}
              meta={markedOn("Saved", item.saved_at)}
              actions={
                <>
                  {applied ? (
                    <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700">
                      Applied
                    </span>
                  ) : (
                    item.accepting_applications && (
                      <button
                        type="button"
                        className={secondaryButtonClass}
                        onClick={() => apply.mutate(item.job.id)}
                      >
                        I applied<span className="sr-only"> to {item.job.title}</span>
                      </button>
                    )
                  )}
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    onClick={() => unsave.mutate(item.job.id)}
                  >
                    Remove<span className="sr-only"> {item.job.title}</span>
                  </button>
                </>
              }
            />
          );
        })}
      </ProfileJobList>
    );
  }

  return (
    <>
      <ProfilePageHeader title="Favorite jobs" lead="Jobs you saved to come back to." />
      <div className="mt-8">{content}</div>
    </>
  );
}
