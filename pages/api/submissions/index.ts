import { callerOf } from "@/lib/server/candidates/candidate-api";
import { apiHandler } from "@/lib/server/http/handler";
import { submitListing } from "@/lib/server/submissions/submission-api";
import { listOwnListings } from "@/lib/server/submissions/submissions-service";

/** GET: the caller's listings and where each stands. POST: submit a listing (201). */
export default apiHandler(
  {
    GET: async (req) => {
      const { db, user } = await callerOf(req);
      return { listings: await listOwnListings(db, user.id) };
    },
    POST: async (req, res) => {
      const receipt = await submitListing(req);
      res.status(201);
      return receipt;
    },
  },
  { personal: true },
);

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
