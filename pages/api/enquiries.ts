import { parseEnquiry } from "@/lib/schemas/enquiry";
import { validBody } from "@/lib/server/candidates/candidate-api";
import { getDatabase } from "@/lib/server/db";
import { enquiries } from "@/lib/server/db/schema";
import { apiHandler } from "@/lib/server/http/handler";
import { rateLimiter } from "@/lib/server/http/rate-limit";

/** Enquiries one address may send in an hour: a team enquiring about several roles is fine. */
export const ENQUIRY_RATE_LIMIT = { points: 6, seconds: 3600 };

const limitEnquiries = rateLimiter({
  ...ENQUIRY_RATE_LIMIT,
  message: "Too many enquiries from your network.",
});

/** POST a recruitment-services enquiry: 201 with its reference, or 422 with field errors. */
export default apiHandler({
  POST: async (req, res) => {
    await limitEnquiries(req);
    const enquiry = validBody(parseEnquiry(req.body));
    const db = await getDatabase();
    const [row] = await db.insert(enquiries).values(enquiry).returning({ id: enquiries.id });
    res.status(201);
    return { id: row!.id, received: true };
  },
});

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
