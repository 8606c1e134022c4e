import type { GetServerSideProps } from "next";
import { JobBoard } from "@/components/jobs/job-board";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import type { JobBoardData } from "@/lib/job-types";
import { routes } from "@/lib/routes";
import { loadBoard } from "@/lib/server/jobs/board-page";

export const getServerSideProps: GetServerSideProps<JobBoardData> = (context) => loadBoard(context);

/** The signed-in candidate's job search, in the profile area (spec §2: on the mobile bar). */
export default function JobsPage({ filters, results }: JobBoardData) {
  return (
    <>
      <ProfilePageHeader
        title="Jobs for you"
        lead="Every open role on the board; filter by role, location, type and pay."
      />
      <div className="-mx-4 sm:-mx-6 lg:-mx-8">
        <JobBoard basePath={routes.jobs} filters={filters} results={results} />
      </div>
    </>
  );
}
