import { parseJobFilters } from "@/lib/schemas/job-filters";
import { getDatabase } from "@/lib/server/db";
import { ValidationError } from "@/lib/server/http/errors";
import { apiHandler } from "@/lib/server/http/handler";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { searchJobs } from "@/lib/server/jobs/jobs-service";

export default apiHandler({
  GET: async (req, res) => {
    const parsed = parseJobFilters(req.query);
    if (!parsed.ok) throw new ValidationError(parsed.errors);
    const page = await searchJobs(await getDatabase(), parsed.filters);
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.list);
    return page;
  },
});

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
