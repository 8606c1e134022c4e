import { operations } from "@/lib/api/operations";
import { enquiries } from "@/lib/server/db/schema";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";

/** Enquiries one address may send in an hour: a team enquiring about several roles is fine. */
const ENQUIRY_RATE_LIMIT = {
  name: "enquiries",
  points: 6,
  seconds: 3600,
  message: "Too many enquiries from your network.",
};

/** A recruitment-services enquiry: 201 with its reference. Only valid ones count to the limit. */
export default apiRoute(
  handle(
    operations.sendEnquiry,
    async ({ db, body }) => {
      const [row] = await db.insert(enquiries).values(body).returning({ id: enquiries.id });
      return new Reply(201, { id: row!.id, received: true as const });
    },
    { limit: ENQUIRY_RATE_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
