import type { EnquiryStatus } from "@/lib/model/enquiries";

/** Where a recruitment-services enquiry stands in the moderators' inbox (the data model's values). */
export { ENQUIRY_STATUSES, type EnquiryStatus } from "@/lib/model/enquiries";

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: "New",
  replied: "Replied",
  closed: "Closed",
};
