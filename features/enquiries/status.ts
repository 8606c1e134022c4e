/** Where a recruitment-services enquiry stands in the moderators' inbox. */
export const ENQUIRY_STATUSES = ["new", "replied", "closed"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: "New",
  replied: "Replied",
  closed: "Closed",
};
