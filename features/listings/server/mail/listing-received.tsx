import { boardSettings } from "@/lib/board-settings";
import { listingUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, Layout, Paragraph } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["listing-received"];

function ListingReceivedEmail(props: Props) {
  return (
    <Layout
      preview={
        props.awaitingPayment
          ? "It goes to review as soon as the payment arrives."
          : "A person reviews it, usually within one working day."
      }
      heading="We have your listing"
      reason={`You get this because you posted a job on ${boardSettings().name}.`}
    >
      <Paragraph>
        Thank you: “{props.title}” at {props.companyName} (#{props.jobId}) is with us.
      </Paragraph>
      <Paragraph>
        {props.awaitingPayment
          ? "It is waiting for payment, and goes to review as soon as the payment arrives. A person then reviews it, usually within one working day, and we email you when it is live."
          : "A person reviews every listing, usually within one working day. We email you when it is live."}
      </Paragraph>
      <Action href={listingUrl(props.jobId)}>See your listings</Action>
    </Layout>
  );
}

export const listingReceived: MailTemplateDefinition<"listing-received"> = {
  subject: (props) =>
    props.awaitingPayment
      ? `Your listing is waiting for payment: ${props.title}`
      : `Your listing is in review: ${props.title}`,
  Email: ListingReceivedEmail,
};
