import { useEffect } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import { useBoardApplications } from "@/features/applications/hooks/use-job-applications";
import type { OwnJobApplication } from "@/features/applications/schemas";

/**
 * Finds the signed-in candidate's application to one job, after the (cached, everyone's) job
 * page has loaded, and hands it to the page: loaded only for someone signed in, so the query
 * (and react-query) stay out of an anonymous visitor's page. A withdrawn one is no application.
 */
export function AppliedLookup(props: LookupProps) {
  return (
    <QueryProvider>
      <Lookup {...props} />
    </QueryProvider>
  );
}

type LookupProps = {
  jobId: number;
  onFound: (application: OwnJobApplication | null) => void;
};

function Lookup({ jobId, onFound }: LookupProps) {
  const applications = useBoardApplications();
  const found =
    applications.data?.find(
      (application) => application.job.id === jobId && application.withdrawn_at === null,
    ) ?? null;
  useEffect(() => onFound(found), [found, onFound]);
  return null;
}
