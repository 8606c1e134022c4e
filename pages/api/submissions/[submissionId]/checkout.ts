import { idParam } from "@/lib/server/candidates/candidate-api";
import { apiHandler } from "@/lib/server/http/handler";
import { checkoutAgain } from "@/lib/server/submissions/submission-api";

/** POST: a new Stripe Checkout for one of the caller's listings still awaiting payment. */
export default apiHandler(
  {
    POST: (req) => checkoutAgain(req, idParam(req, "submissionId", "Listing")),
  },
  { personal: true },
);

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
