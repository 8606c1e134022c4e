import { mailRenderer, type MailTemplateMap } from "@/lib/server/mail/render";
import { accountDeleted } from "@/features/account/server/mail/account-deleted";
import { creditsExpiring } from "@/features/billing/server/mail/credits-expiring";
import { subscriptionPastDue } from "@/features/billing/server/mail/subscription-past-due";
import { subscriptionPaymentFailed } from "@/features/billing/server/mail/subscription-payment-failed";
import { importPaused, trackedJobClosed } from "@/features/imports/server/mail/import-mails";
import { invoiceIssued } from "@/features/billing/server/mail/invoice-issued";
import { invoiceReminder } from "@/features/billing/server/mail/invoice-reminder";
import { teamChange, teamInvitation } from "@/features/companies/server/mail/team-mails";
import { boardChange } from "@/features/moderation/server/mail/board-change";
import { boardInvitation } from "@/features/moderation/server/mail/board-invitation";
import { enquiryReply } from "@/features/enquiries/server/mail/enquiry-reply";
import { enquiryTeam } from "@/features/enquiries/server/mail/enquiry-team";
import { jobAlert } from "@/features/alerts/server/mail/job-alert";
import { jobInvitation } from "@/features/directory/server/mail/job-invitation";
import { listingApproved } from "@/features/listings/server/mail/listing-approved";
import { listingEnding } from "@/features/listings/server/mail/listing-ending";
import { listingCountries } from "@/features/listings/server/mail/listing-countries";
import { listingDraft } from "@/features/listings/server/mail/listing-draft";
import {
  applicantDigest,
  applicantMessage,
  applicationClosed,
  applicationMessage,
  applicationReceived,
  applicationStage,
  newApplicant,
} from "@/features/applications/server/mail/application-mails";
import { listingReceived } from "@/features/listings/server/mail/listing-received";
import { listingRejected } from "@/features/listings/server/mail/listing-rejected";
import { listingTakenDown } from "@/features/listings/server/mail/listing-taken-down";
import { savedSearchAlert } from "@/features/alerts/server/mail/saved-search-alert";
import {
  newsletterConfirm,
  newsletterIssue,
} from "@/features/newsletter/server/mail/newsletter-mails";
import { paymentReceived } from "@/features/listings/server/mail/payment-received";

/*
 * Every template the board sends, by name, each from the feature that sends it (its props typed
 * in the feature's server/mail/messages.ts): put together here, where the features are, for the
 * mail renderer (lib/server/mail/render.ts). The worker loads this with the first message it
 * sends (worker.ts), so a process that sends no mail never holds the templates (issue 48).
 */

export const MAIL_TEMPLATES: MailTemplateMap = {
  "job-alert": jobAlert,
  "saved-search-alert": savedSearchAlert,
  "listing-received": listingReceived,
  "listing-approved": listingApproved,
  "listing-rejected": listingRejected,
  "listing-taken-down": listingTakenDown,
  "listing-ending": listingEnding,
  "listing-countries": listingCountries,
  "listing-draft": listingDraft,
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
  "subscription-payment-failed": subscriptionPaymentFailed,
  "subscription-past-due": subscriptionPastDue,
  "import-paused": importPaused,
  "tracked-job-closed": trackedJobClosed,
  "enquiry-team": enquiryTeam,
  "enquiry-reply": enquiryReply,
  "account-deleted": accountDeleted,
  "team-invitation": teamInvitation,
  "team-change": teamChange,
  "board-invitation": boardInvitation,
  "board-change": boardChange,
  "job-invitation": jobInvitation,
  "newsletter-confirm": newsletterConfirm,
  "newsletter-issue": newsletterIssue,
};

/** A message as it goes out: its subject, HTML and text parts, and headers of its own. */
export const renderMail = mailRenderer(MAIL_TEMPLATES);
