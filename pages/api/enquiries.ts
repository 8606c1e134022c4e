import { parseEnquiry } from "@/lib/schemas/enquiry";
import { validBody } from "@/lib/server/candidates/candidate-api";
import { getDatabase } from "@/lib/server/db";
import { enquiries } from "@/lib/server/db/schema";
import { apiHandler } from "@/lib/server/http/handler";

/** POST a recruitment-services enquiry: 201 with its reference, or 422 with field errors. */
export default apiHandler({
  POST: async (req, res) => {
    const enquiry = validBody(parseEnquiry(req.body));
    const db = await getDatabase();
    const [row] = await db.insert(enquiries).values(enquiry).returning({ id: enquiries.id });
    res.status(201);
    return { id: row!.id, received: true };
  },
});
