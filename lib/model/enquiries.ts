/* Recruitment-services enquiries as the tables store them (lib/server/db/schema/enquiries.ts). */

/** Where an enquiry stands in the moderators' inbox. */
export const ENQUIRY_STATUSES = ["new", "replied", "closed"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
