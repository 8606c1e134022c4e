import { jobMarkCollection, SAVED_JOBS } from "@/lib/server/candidates/candidate-api";

export default jobMarkCollection(SAVED_JOBS);
