import { jobMarkItem, HIDDEN_JOBS } from "@/lib/server/candidates/candidate-api";

export default jobMarkItem(HIDDEN_JOBS);

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
