import { operations } from "@/lib/api-registry/operations";
import { getJobMarks } from "@/features/account/server/job-marks";
import { apiRoute, handle } from "@/lib/server/http/api-route";

export default apiRoute(handle(operations.getJobMarks, ({ db, user }) => getJobMarks(db, user.id)));

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
