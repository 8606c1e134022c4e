import { ContentPage } from "@/components/content-page";
import { findReport, reportTitle } from "@/lib/reports";

/** A quarterly hiring-trends report page; `path` is the route the page file serves. */
export function reportPage(path: string) {
  const report = findReport(path);
  function ReportPage() {
    return (
      <ContentPage
        eyebrow="Hiring trends report"
        title={reportTitle(report)}
        description={`Who hired in the creator economy in ${report.quarter}: open roles, hiring companies, departments, regions, remote share and pay.`}
        path={report.path}
      />
    );
  }
  return ReportPage;
}
