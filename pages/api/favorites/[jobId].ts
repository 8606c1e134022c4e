import { jobMarkItem, SAVED_JOBS } from "@/lib/server/candidates/candidate-api";

export default jobMarkItem(SAVED_JOBS);
