import { operations } from "@/lib/api/operations";
import { enquiries } from "@/lib/server/db/schema";
import { readServerEnv } from "@/lib/server/env";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";
import type { MailMessage } from "@/lib/server/mail/messages";
import { withMail } from "@/lib/server/queue/queue";

/** Enquiries one address may send in an hour: a team enquiring about several roles is fine. */
const ENQUIRY_RATE_LIMIT = {
  name: "enquiries",
  points: 6,
  seconds: 3600,
  message: "Too many enquiries from your network.",
};

/**
 * A recruitment-services enquiry: 201 with its reference, which the page shows with the address
 * the team will reply to; the team's inbox gets it. Its sender gets no mail from the board until
 * a person answers: the address is typed in by whoever sends the form, and the board mails no
 * address nobody confirmed (issue 40). Only valid ones count to the limit.
 */
export default apiRoute(
  handle(
    operations.sendEnquiry,
    async ({ db, body }) => {
      // Stored, and the team and the sender mailed, together.
      const id = await withMail(db, async (tx) => {
        const [row] = await tx.insert(enquiries).values(body).returning({ id: enquiries.id });
        return {
          result: row!.id,
          mail: [
            {
              template: "enquiry-team",
              to: readServerEnv().MAIL_TEAM_TO,
              props: { enquiryId: row!.id, ...body, website: body.website ?? null },
            },
          ] satisfies MailMessage[],
        };
      });
      return new Reply(201, { id, received: true as const });
    },
    { limit: ENQUIRY_RATE_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
