// The templates take React Email's components from their own packages (@react-email/section,
// …), not from @react-email/components, which pins an older @react-email/render of its own:
// one renderer, and one copy of the HTML and text parsers it brings.
import { render } from "@react-email/render";
import { createElement } from "react";
import type { MailMessage, MailTemplate, MailTemplates, RenderedMail } from "./messages";
import { accountDeleted } from "./templates/account-deleted";
import { creditsExpiring } from "./templates/credits-expiring";
import { importPaused, trackedJobClosed } from "./templates/import-mails";
import { invoiceIssued } from "./templates/invoice-issued";
import { invoiceReminder } from "./templates/invoice-reminder";
import { teamChange, teamInvitation } from "./templates/team-mails";
import { enquiryReply } from "./templates/enquiry-reply";
import { enquiryTeam } from "./templates/enquiry-team";
import { jobAlert } from "./templates/job-alert";
import { jobInvitation } from "./templates/job-invitation";
import { listingApproved } from "./templates/listing-approved";
import { listingEnding } from "./templates/listing-ending";
import { listingCountries } from "./templates/listing-countries";
import {
  applicantDigest,
  applicantMessage,
  applicationClosed,
  applicationMessage,
  applicationReceived,
  applicationStage,
  newApplicant,
} from "./templates/application-mails";
import { listingReceived } from "./templates/listing-received";
import { listingRejected } from "./templates/listing-rejected";
import { listingTakenDown } from "./templates/listing-taken-down";
import { savedSearchAlert } from "./templates/saved-search-alert";
import { paymentReceived } from "./templates/payment-received";
import type { MailTemplateDefinition } from "./templates/template";

const TEMPLATES: { [T in MailTemplate]: MailTemplateDefinition<T> } = {
  "job-alert": jobAlert,
  "saved-search-alert": savedSearchAlert,
  "listing-received": listingReceived,
  "listing-approved": listingApproved,
  "listing-rejected": listingRejected,
  "listing-taken-down": listingTakenDown,
  "listing-ending": listingEnding,
  "listing-countries": listingCountries,
  "application-received": applicationReceived,
  "application-stage": applicationStage,
  "application-closed": applicationClosed,
  "application-message": applicationMessage,
  "applicant-message": applicantMessage,
  "new-applicant": newApplicant,
  "applicant-digest": applicantDigest,
  "payment-received": paymentReceived,
  "invoice-issued": invoiceIssued,
  "invoice-reminder": invoiceReminder,
  "credits-expiring": creditsExpiring,
  "import-paused": importPaused,
  "tracked-job-closed": trackedJobClosed,
  "enquiry-team": enquiryTeam,
  "enquiry-reply": enquiryReply,
  "account-deleted": accountDeleted,
  "team-invitation": teamInvitation,
  "team-change": teamChange,
  "job-invitation": jobInvitation,
};

// html-to-text shouts headings in capitals; the text part reads better as the HTML is worded.
const TEXT_OPTIONS = {
  selectors: [{ selector: "h1", options: { uppercase: false } }],
};

async function renderWith<T extends MailTemplate>(
  definition: MailTemplateDefinition<T>,
  props: MailTemplates[T],
): Promise<RenderedMail> {
  const element = createElement(definition.Email, props);
  // Both parts from one tree: clients that show no HTML (and spam filters) read the text part.
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: TEXT_OPTIONS }),
  ]);
  const replyTo = definition.replyTo?.(props);
  return {
    subject: definition.subject(props),
    html,
    text,
    headers: definition.headers?.(props) ?? {},
    ...(replyTo ? { replyTo } : {}),
  };
}

/** A message as it goes out: its subject, HTML and text parts, and headers of its own. */
export function renderMail(message: MailMessage): Promise<RenderedMail> {
  // MailMessage ties each template to its props, but TypeScript cannot follow that tie through
  // a lookup by name, so the props are passed on unchecked here, once.
  const definition = TEMPLATES[message.template] as MailTemplateDefinition<MailTemplate>;
  // Messages wait in the queue as JSON: one written by another version may name no template.
  if (!definition) throw new Error(`Unknown mail template: ${String(message.template)}`);
  return renderWith(definition, message.props as never);
}
