import { formatMoney } from "@/features/billing/documents";
import { formatDate } from "@/lib/format";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { absoluteUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, Layout, Paragraph } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["invoice-issued"];

const titleOf = (props: Props) => (props.kind === "credit_note" ? "Credit note" : "Invoice");

/** Due by transfer and not paid: the mail says where to pay and what to quote. */
const toPay = (props: Props) =>
  props.kind === "invoice" && props.paymentMethod === "transfer" && !props.paidAt;

function reasonOf(props: Props) {
  return props.recipient === "billing-address"
    ? `You get this because ${props.companyName} gave this address for its invoices on ${boardSettings().name}.`
    : `You get this because you are an owner or admin of ${props.companyName} on ${boardSettings().name}, who look after its billing.`;
}

function HowToPay(props: Props) {
  const amount = formatMoney(props.totalMinor, props.currency);
  const due = props.dueAt ? ` by ${formatDate(props.dueAt)}` : "";
  if (props.bank.length === 0) {
    // Transfer is not offered without the seller's bank (issue 61); an older invoice may lack it.
    return (
      <Paragraph>
        Please pay {amount}
        {due} by bank transfer, quoting {props.number}. Our bank details are not on this invoice:
        answer this mail and we send them.
      </Paragraph>
    );
  }
  return (
    <>
      <Paragraph>
        Please pay {amount}
        {due} by bank transfer to:
      </Paragraph>
      <Paragraph>
        {props.bank.map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </Paragraph>
      <Paragraph>
        Quote <strong>{props.number}</strong> as the payment reference, so that we find your
        payment. Once it reaches us, we mark the invoice paid and email you.
      </Paragraph>
    </>
  );
}

function InvoiceIssuedEmail(props: Props) {
  const amount = formatMoney(props.totalMinor, props.currency);
  const title = titleOf(props);
  return (
    <Layout
      preview={
        toPay(props)
          ? `${amount} to pay by bank transfer, quoting ${props.number}.`
          : `${title} ${props.number} for ${amount}.`
      }
      heading={`${title} ${props.number}`}
      reason={reasonOf(props)}
    >
      <Paragraph>
        {props.kind === "credit_note"
          ? `Credit note ${props.number} to ${props.companyName}, for ${amount}, credits invoice ${props.creditsInvoice ?? ""}. It is attached as a PDF.`
          : `Invoice ${props.number} to ${props.companyName}, for ${amount}: ${props.description}. It is attached as a PDF.`}
      </Paragraph>
      {toPay(props) ? (
        <HowToPay {...props} />
      ) : props.kind === "invoice" ? (
        <Paragraph>
          It is paid{props.paidAt ? ` (${formatDate(props.paidAt)})` : ""}: there is nothing to do.
          Keep it for your records.
        </Paragraph>
      ) : null}
      <Action href={absoluteUrl(routes.billing)}>See your invoices</Action>
    </Layout>
  );
}

export const invoiceIssued: MailTemplateDefinition<"invoice-issued"> = {
  subject: (props) =>
    toPay(props)
      ? `Invoice ${props.number} to pay: ${formatMoney(props.totalMinor, props.currency)}`
      : `${titleOf(props)} ${props.number}: ${formatMoney(props.totalMinor, props.currency)}`,
  Email: InvoiceIssuedEmail,
};
