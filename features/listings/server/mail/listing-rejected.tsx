import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { absoluteUrl, listingUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, Layout, Paragraph, Quote, TextLink } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["listing-rejected"];

function ListingRejectedEmail(props: Props) {
  return (
    <Layout
      preview="What the reviewer said, and how to post it again."
      heading="Your listing was not approved"
      reason={`You get this because you posted a job on ${boardSettings().name}.`}
    >
      <Paragraph>
        We reviewed “{props.title}” at {props.companyName} (#{props.jobId}) and could not publish
        it. The reviewer’s reason:
      </Paragraph>
      <Quote text={props.reason} />
      <Paragraph>
        You are welcome to post it again with the changes. Your{" "}
        <TextLink href={listingUrl(props.jobId)}>listings</TextLink> show where each of your jobs
        stands.
      </Paragraph>
      <Action href={absoluteUrl(routes.submit)}>Post a job</Action>
    </Layout>
  );
}

export const listingRejected: MailTemplateDefinition<"listing-rejected"> = {
  subject: (props) => `Your listing was not approved: ${props.title}`,
  Email: ListingRejectedEmail,
};
