import {
  ProfileJobList,
  ProfileJobRow,
  markedOn,
} from "@/features/account/components/profile-job-list";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { secondaryButtonClass } from "@/components/ui/form-controls";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useHiddenJobs } from "@/features/account/hooks/use-candidate-lists";
import { useUnhideJob } from "@/features/account/hooks/use-job-marks";

export default function RejectedJobsPage() {
  const { data: hiddenJobs } = useHiddenJobs();
  const unhide = useUnhideJob();

  let content;
  if (!hiddenJobs) content = <ProfileScreenLoading />;
  else if (hiddenJobs.length === 0) {
    content = (
      <EmptyList title="Nothing hidden">
        Jobs you mark “Not interested” leave your lists and wait here, in case you change your mind.
      </EmptyList>
    );
  } else {
    content = (
      <ProfileJobList>
        {hiddenJobs.map((item) => (
          <ProfileJobRow
            key={item.job.id}
            item={item}
            meta={markedOn("Hidden", item.hidden_at)}
            actions={
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => unhide.mutate(item.job.id)}
              >
                Show again<span className="sr-only"> {item.job.title}</span>
              </button>
            }
          />
        ))}
      </ProfileJobList>
    );
  }

  return (
    <>
      <ProfilePageHeader
        title="Not interested"
        lead="Jobs you hid from your lists. Bring one back at any time."
      />
      <div className="mt-8">{content}</div>
    </>
  );
}
