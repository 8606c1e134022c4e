import { formatMoney } from "@/features/billing/documents";
import { formatDate } from "@/lib/format";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { absoluteUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, Layout, Paragraph } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["invoice-reminder"];

/** "today", or "on Dec 12, 2026". */
const dueWhen = (props: Props) =>
  props.when === "today" ? "today" : `on ${formatDate(props.dueAt)}`;

function InvoiceReminderEmail(props: Props) {
  const amount = formatMoney(props.amountMinor, props.currency);
  return (
    <Layout
      preview={`${amount} by bank transfer, with ${props.invoiceNumber} as the reference.`}
      heading={`Invoice ${props.invoiceNumber} is due ${dueWhen(props)}`}
      reason={`You get this because you are an owner or admin of ${props.companyName} on ${boardSettings().name}, who look after its billing.`}
    >
      <Paragraph>
        Invoice {props.invoiceNumber} to {props.companyName}, for {amount}, is due {dueWhen(props)}.
        Please pay it by bank transfer, with the invoice number as the reference. The invoice is on
        your Billing page.
      </Paragraph>
      <Paragraph>
        Paid it already? Thank you, and please ignore this: a transfer can take a few days to reach
        us.
      </Paragraph>
      <Action href={absoluteUrl(routes.billing)}>See your invoices</Action>
    </Layout>
  );
}

export const invoiceReminder: MailTemplateDefinition<"invoice-reminder"> = {
  subject: (props) =>
    `Invoice ${props.invoiceNumber} is due ${dueWhen(props)}: ${formatMoney(props.amountMinor, props.currency)}`,
  Email: InvoiceReminderEmail,
};
