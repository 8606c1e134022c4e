/* What imports (issue 46) send: a source paused, to its company; a tracked job closed, to its candidate. */

import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { absoluteUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { JobLink } from "@/features/jobs/server/mail/job-link";
import { Action, Layout, Paragraph } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["import-paused"];

function ImportPausedEmail(props: Props) {
  return (
    <Layout
      preview="Its listings stay as they are until you resume it."
      heading={`Your import from the ${props.source} is paused`}
      reason={`You get this because you are an owner or admin of ${props.companyName} on ${boardSettings().name}, who look after its imports.`}
    >
      <Paragraph>{props.reason}</Paragraph>
      <Paragraph>
        The listings it brought stay on the board as they are, but new jobs, changes and jobs you
        close in your applicant tracking system are not read until you resume it. Check the
        board&apos;s name and that it is public, then resume the import.
      </Paragraph>
      <Action href={absoluteUrl(routes.imports)}>See your imports</Action>
    </Layout>
  );
}

export const importPaused: MailTemplateDefinition<"import-paused"> = {
  subject: ({ source }) => `Your import from the ${source} is paused`,
  Email: ImportPausedEmail,
};

type Tracked = MailTemplates["tracked-job-closed"];

function TrackedJobClosedEmail(props: Tracked) {
  return (
    <Layout
      preview="It is no longer on its company's careers site."
      heading="A job you applied to has closed"
      reason={`You get this because you noted on ${boardSettings().name} that you applied to this job.`}
    >
      <Paragraph>
        <JobLink job={props} /> is no longer on {props.companyName}&apos;s careers site, so it has
        left the board too. You applied on their site: any answer comes from them. It stays on your
        list of applied jobs.
      </Paragraph>
      <Action href={absoluteUrl(routes.appliedJobs)}>Your applied jobs</Action>
    </Layout>
  );
}

export const trackedJobClosed: MailTemplateDefinition<"tracked-job-closed"> = {
  subject: ({ title, companyName }) => `Closed: ${title} at ${companyName}`,
  Email: TrackedJobClosedEmail,
};
