import { jobMarkCollection, HIDDEN_JOBS } from "@/lib/server/candidates/candidate-api";

export default jobMarkCollection(HIDDEN_JOBS);
