import { formatDate } from "@/lib/format";
import { boardSettings } from "@/lib/board-settings";
import { jobUrl } from "@/features/jobs/server/job-url";
import { listingUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, Layout, Paragraph, TextLink } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["listing-ending"];

function ListingEndingEmail(props: Props) {
  const ends = formatDate(props.expiresAt);
  return (
    <Layout
      preview={`Renew it to keep it on the board after ${ends}.`}
      heading={`Your listing ends on ${ends}`}
      reason={`You get this because you posted a job on ${boardSettings().name}.`}
    >
      <Paragraph>
        <TextLink href={jobUrl({ id: props.jobId, slug: props.slug })}>“{props.title}”</TextLink> at{" "}
        {props.companyName} comes off the board on {ends}. Still hiring? Renew it from your listings
        to keep it up.
      </Paragraph>
      <Action href={listingUrl(props.jobId)}>Renew your listing</Action>
    </Layout>
  );
}

export const listingEnding: MailTemplateDefinition<"listing-ending"> = {
  subject: (props) => `Your listing ends on ${formatDate(props.expiresAt)}: ${props.title}`,
  Email: ListingEndingEmail,
};
