import { jobMarkItem, HIDDEN_JOBS } from "@/lib/server/candidates/candidate-api";

export default jobMarkItem(HIDDEN_JOBS);
