import type { NextApiRequest, NextApiResponse } from "next";
import { notFound } from "@/lib/server/errors";
import { sendError } from "@/lib/server/http/api-route";

/** Every /api path no route serves: 404 in JSON, whatever the method. */
export default function unknownApiPath(_req: NextApiRequest, res: NextApiResponse) {
  sendError(res, notFound("There is no API at this address; see /api/openapi.json"));
}

/** Bodies are never read here. */
export const config = { api: { bodyParser: false } };
