import { formatMoney } from "@/features/billing/documents";
import { formatDate } from "@/lib/format";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { absoluteUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, Layout, Paragraph } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["subscription-payment-failed"];

function SubscriptionPaymentFailedEmail(props: Props) {
  const amount = formatMoney(props.amountMinor, props.currency);
  return (
    <Layout
      preview={
        props.nextAttemptAt
          ? `We will try again on ${formatDate(props.nextAttemptAt)}.`
          : "Your subscription has ended."
      }
      heading={
        props.nextAttemptAt
          ? "A payment for your subscription failed"
          : "Your subscription has ended"
      }
      reason={`You get this because you are an owner or admin of ${props.companyName} on ${boardSettings().name}, who look after its billing.`}
    >
      <Paragraph>
        We could not charge {amount} for the {props.planName} subscription of {props.companyName}.
      </Paragraph>
      {props.nextAttemptAt ? (
        <Paragraph>
          We will try again on {formatDate(props.nextAttemptAt)}. Update the card before then to
          keep the listings it gives each period.
        </Paragraph>
      ) : (
        <Paragraph>
          That was the last try: the subscription has ended and gives no more listings. The credits
          it gave before stay until they expire. Subscribe again from the Billing page.
        </Paragraph>
      )}
      <Action href={absoluteUrl(routes.billing)}>Open billing</Action>
    </Layout>
  );
}

export const subscriptionPaymentFailed: MailTemplateDefinition<"subscription-payment-failed"> = {
  subject: ({ planName, nextAttemptAt }) =>
    nextAttemptAt
      ? `A payment for your ${planName} subscription failed`
      : `Your ${planName} subscription has ended: its payment failed`,
  Email: SubscriptionPaymentFailedEmail,
};
