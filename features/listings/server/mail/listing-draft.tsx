import { boardSettings } from "@/lib/board-settings";
import { listingUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, Layout, Paragraph } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";
import { formatPrice } from "@/features/billing/offer";

type Props = MailTemplates["listing-draft"];

/** The one reminder of a held draft: its checkout was opened a day ago and not paid (issue 63). */
function ListingDraftEmail(props: Props) {
  const price = formatPrice(props.priceMinor, props.currency);
  return (
    <Layout
      preview={`Finish and pay (${price}) to send it to review.`}
      heading="Your listing is a draft, not paid yet"
      reason={`You get this because you submitted a job on ${boardSettings().name}. We remind you once.`}
    >
      <Paragraph>
        “{props.title}” at {props.companyName} is kept as a draft: its checkout was opened and not
        paid. It goes to review once paid, on the {props.planName} plan for {price}.
      </Paragraph>
      <Paragraph>
        Finish and pay from your listings, or withdraw it there if you no longer need it.
      </Paragraph>
      <Action href={listingUrl(props.jobId)}>Finish and pay</Action>
    </Layout>
  );
}

export const listingDraft: MailTemplateDefinition<"listing-draft"> = {
  subject: (props) => `Your draft is not paid yet: ${props.title}`,
  Email: ListingDraftEmail,
};
