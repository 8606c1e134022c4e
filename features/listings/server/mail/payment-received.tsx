import { Column } from "@react-email/column";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { boardSettings } from "@/lib/board-settings";
import { listingUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, Layout, Paragraph } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["payment-received"];

/**
 * An amount in the currency's smallest unit (as Stripe counts it: cents, or yen for JPY) as
 * people read it: "$199.00", "¥5,000". An unknown currency code is shown as is.
 */
export function formatAmount(amountMinor: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    const format = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amountMinor / 10 ** digits);
  } catch {
    return `${(amountMinor / 100).toFixed(2)} ${code}`;
  }
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Row>
      <Column style={{ color: "#6b7280", fontSize: "14px", padding: "4px 0", width: "35%" }}>
        {label}
      </Column>
      <Column style={{ color: "#111827", fontSize: "14px", padding: "4px 0" }}>{value}</Column>
    </Row>
  );
}

/** What happens to the listing now, as it stood when the payment was recorded (issue 61). */
function whatNext(props: Props) {
  switch (props.next ?? "review") {
    case "live":
      return "The listing is live already: nothing changes for it.";
    case "review":
      return "The listing waits for review now, and we email you as soon as it is live.";
    case "none":
      return "The listing is no longer on the board: this payment settles its invoice.";
  }
}

function PaymentReceivedEmail(props: Props) {
  const amount = formatAmount(props.amountCents, props.currency);
  return (
    <Layout
      preview={`${amount} for the ${props.planName} plan.`}
      heading="Payment received"
      reason={`You get this because you paid for a listing on ${boardSettings().name}.`}
    >
      <Paragraph>
        Thank you: we received your payment for “{props.title}” at {props.companyName}.
      </Paragraph>
      <Section style={{ margin: "16px 0" }}>
        <Line label="Amount" value={amount} />
        <Line label="Plan" value={props.planName} />
        <Line label="Listing" value={`${props.title} (#${props.jobId})`} />
      </Section>
      <Paragraph>{whatNext(props)}</Paragraph>
      <Action href={listingUrl(props.jobId)}>See your listings</Action>
    </Layout>
  );
}

export const paymentReceived: MailTemplateDefinition<"payment-received"> = {
  subject: (props) => `Payment received: ${props.title}`,
  Email: PaymentReceivedEmail,
};
