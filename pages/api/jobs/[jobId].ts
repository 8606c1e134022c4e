import { parseJobParam } from "@/lib/job-path";
import { getDatabase } from "@/lib/server/db";
import { notFound } from "@/lib/server/http/errors";
import { apiHandler } from "@/lib/server/http/handler";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { getJob } from "@/lib/server/jobs/jobs-service";

export default apiHandler({
  GET: async (req, res) => {
    const param = parseJobParam(req.query.jobId);
    const job = param && (await getJob(await getDatabase(), param.id));
    if (!job) throw notFound("There is no job with that id");
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.job);
    return job;
  },
});

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
