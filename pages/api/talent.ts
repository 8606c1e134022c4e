import { parseTalentFilters } from "@/lib/schemas/candidate";
import { validBody } from "@/lib/server/candidates/candidate-api";
import { getDatabase } from "@/lib/server/db";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { apiHandler } from "@/lib/server/http/handler";
import { listTalent } from "@/lib/server/talent/talent-service";

/** The public talent list as JSON: the same profiles, and only the same fields, as /talent. */
export default apiHandler({
  GET: async (req, res) => {
    const filters = validBody(parseTalentFilters(req.query));
    const page = await listTalent(await getDatabase(), filters);
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.talent);
    return page;
  },
});

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
