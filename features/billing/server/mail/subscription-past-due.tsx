import { formatMoney } from "@/features/billing/documents";
import { formatDate } from "@/lib/format";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { absoluteUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, Layout, Paragraph } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["subscription-past-due"];

const HEADINGS: Record<Props["stage"], string> = {
  past_due: "Your subscription's invoice is past due",
  reminder: "Your subscription ends in a week unless its invoice is paid",
  ended: "Your subscription has ended: its invoice was not paid",
};

function SubscriptionPastDueEmail(props: Props) {
  const amount = formatMoney(props.amountMinor, props.currency);
  const ended = props.stage === "ended";
  return (
    <Layout
      preview={
        ended
          ? `Invoice ${props.invoiceNumber} is still owed.`
          : `Pay invoice ${props.invoiceNumber} by ${formatDate(props.endsAt)} to keep it.`
      }
      heading={HEADINGS[props.stage]}
      reason={`You get this because you are an owner or admin of ${props.companyName} on ${boardSettings().name}, who look after its billing.`}
    >
      <Paragraph>
        Invoice {props.invoiceNumber} of {amount} for the {props.planName} subscription of{" "}
        {props.companyName} was due on {formatDate(props.dueAt)} and is not paid.
      </Paragraph>
      {ended ? (
        <Paragraph>
          The subscription has ended: no next period is invoiced and it gives no more listings. The
          invoice is still owed; once it is paid, the listings it gave can be used until they
          expire. Subscribe again from the Billing page.
        </Paragraph>
      ) : (
        <Paragraph>
          Until it is paid, the subscription is past due and its listings wait. Unless it is paid by{" "}
          {formatDate(props.endsAt)}, the subscription ends then: no next period and no more
          listings.
        </Paragraph>
      )}
      <Action href={absoluteUrl(routes.billing)}>Open billing</Action>
    </Layout>
  );
}

export const subscriptionPastDue: MailTemplateDefinition<"subscription-past-due"> = {
  subject: ({ planName, invoiceNumber, stage }) =>
    stage === "ended"
      ? `Your ${planName} subscription has ended: invoice ${invoiceNumber} is unpaid`
      : `Invoice ${invoiceNumber} is past due: pay it to keep your ${planName} subscription`,
  Email: SubscriptionPastDueEmail,
};
