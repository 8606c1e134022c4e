import { formatDate } from "@/lib/format";
import { boardSettings } from "@/lib/board-settings";
import { jobUrl } from "@/features/jobs/server/job-url";
import { listingUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, Layout, Paragraph, TextLink } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["listing-approved"];

function ListingApprovedEmail(props: Props) {
  const url = jobUrl({ id: props.jobId, slug: props.slug });
  return (
    <Layout
      preview={`It is on the board until ${formatDate(props.expiresAt)}.`}
      heading="Your listing is live"
      reason={`You get this because you posted a job on ${boardSettings().name}.`}
    >
      <Paragraph>
        “{props.title}” at {props.companyName} is approved and on the board now, until{" "}
        {formatDate(props.expiresAt)}. Share its link:
      </Paragraph>
      <Paragraph>
        <TextLink href={url}>{url}</TextLink>
      </Paragraph>
      <Action href={url}>View your listing</Action>
      <Paragraph>
        Your <TextLink href={listingUrl(props.jobId)}>listings</TextLink> show where each of your
        jobs stands.
      </Paragraph>
    </Layout>
  );
}

export const listingApproved: MailTemplateDefinition<"listing-approved"> = {
  subject: (props) => `Your listing is live: ${props.title}`,
  Email: ListingApprovedEmail,
};
