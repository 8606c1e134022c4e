import { boardSettings } from "@/lib/board-settings";
import { listingUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, Layout, Paragraph, Quote } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["listing-taken-down"];

function ListingTakenDownEmail(props: Props) {
  return (
    <Layout
      preview="A moderator took your listing off the board; their reason is inside."
      heading="Your listing was taken down"
      reason={`You get this because you posted a job on ${boardSettings().name}.`}
    >
      <Paragraph>
        A moderator took “{props.title}” at {props.companyName} (#{props.jobId}) off the board. It
        no longer shows in the lists, in search or at its address. Their reason:
      </Paragraph>
      <Quote text={props.reason} />
      <Paragraph>
        Your listings page shows it, with this reason. If you think this is a mistake, answer this
        message.
      </Paragraph>
      <Action href={listingUrl(props.jobId)}>See your listings</Action>
    </Layout>
  );
}

export const listingTakenDown: MailTemplateDefinition<"listing-taken-down"> = {
  subject: (props) => `Your listing was taken down: ${props.title}`,
  Email: ListingTakenDownEmail,
};
