import { operations } from "@/lib/api/operations";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { replyToEnquiry } from "@/lib/server/moderation/enquiries";
import { withMail } from "@/lib/server/queue/queue";

/** The team's inbox, when one is configured: answers to a reply go there. */
const teamAddress = () => process.env.MAIL_TEAM_TO?.trim() || null;

/**
 * POST, moderators only: `{ body }` answers an enquiry. The reply is stored and mailed to the
 * enquiry's sender in one transaction, and the enquiry is marked replied.
 */
export default apiRoute(
  handle(operations.replyToEnquiry, async ({ db, moderator, params, body }) => {
    const enquiry = await withMail(db, async (tx) => {
      const actor = { ...(await moderatorActor(tx, moderator)), email: moderator.email };
      return replyToEnquiry(tx, params.enquiryId, body.body, actor, teamAddress());
    });
    return new Reply(201, enquiry);
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
