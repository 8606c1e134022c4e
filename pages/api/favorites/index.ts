import { jobMarkCollection, SAVED_JOBS } from "@/lib/server/candidates/candidate-api";

export default jobMarkCollection(SAVED_JOBS);

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
