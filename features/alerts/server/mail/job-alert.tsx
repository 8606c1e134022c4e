import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { formatCount, jobTypeLabel } from "@/lib/format";
import { jobUrl } from "@/features/jobs/server/job-url";
import { boardSettings } from "@/lib/board-settings";
import {
  jobsUrl,
  preferencesUrl,
  unsubscribeOneClickUrl,
  unsubscribePageUrl,
} from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import type { AlertJob } from "./messages";
import { BRAND_COLOUR, greeting, Layout, Paragraph, TextLink } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["job-alert"];

export const jobCount = (count: number) =>
  `${formatCount(count)} new ${count === 1 ? "job" : "jobs"}`;
const since = (frequency: Props["frequency"]) =>
  frequency === "daily" ? "since yesterday" : "this week";

/** One job: its title linking to its page, then the company, place, type and pay. */
export function JobItem({ job }: { job: AlertJob }) {
  const details = [job.companyName, job.location, jobTypeLabel(job.type), job.salary].filter(
    (detail): detail is string => Boolean(detail),
  );
  return (
    <Section style={{ margin: "0 0 16px" }}>
      <Text style={{ fontSize: "16px", fontWeight: 600, lineHeight: "22px", margin: 0 }}>
        <TextLink href={jobUrl(job)}>{job.title}</TextLink>
      </Text>
      <Text style={{ color: "#4b5563", fontSize: "14px", lineHeight: "20px", margin: "2px 0 0" }}>
        {details.join(" · ")}
      </Text>
    </Section>
  );
}

function JobAlertEmail(props: Props) {
  const total = props.jobs.length + props.moreCount;
  return (
    <Layout
      preview={`${jobCount(total)} ${since(props.frequency)} that match your preferences`}
      heading={`Your ${props.frequency} job alert`}
      reason={`You get this because you turned on ${props.frequency} job alerts on ${boardSettings().name}.`}
      manage={{
        preferencesUrl: preferencesUrl(),
        unsubscribeUrl: unsubscribePageUrl(props.unsubscribeToken),
      }}
    >
      <Paragraph>
        {`${greeting(props.recipientName)} here ${total === 1 ? "is" : "are"} ${jobCount(total)} ` +
          `${since(props.frequency)} that ${total === 1 ? "matches" : "match"} your preferences.`}
      </Paragraph>
      <Section style={{ borderTop: `2px solid ${BRAND_COLOUR}`, paddingTop: "16px" }}>
        {props.jobs.map((job) => (
          <JobItem key={job.id} job={job} />
        ))}
      </Section>
      {props.moreCount > 0 && (
        <Paragraph>
          <TextLink href={jobsUrl()}>
            {`And ${formatCount(props.moreCount)} more new ${props.moreCount === 1 ? "job" : "jobs"}`}
          </TextLink>
        </Paragraph>
      )}
    </Layout>
  );
}

export const jobAlert: MailTemplateDefinition<"job-alert"> = {
  subject: (props) =>
    `Your ${props.frequency} job alert: ${jobCount(props.jobs.length + props.moreCount)}`,
  Email: JobAlertEmail,
  // RFC 8058: mail clients show an Unsubscribe button that POSTs to this URL, no page needed.
  headers: (props) => ({
    "List-Unsubscribe": `<${unsubscribeOneClickUrl(props.unsubscribeToken)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  }),
};
