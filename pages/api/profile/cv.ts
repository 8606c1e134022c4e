import { operations } from "@/lib/api-registry/operations";
import { CV_MAX_BYTES } from "@/features/applications/constants";
import { inlineCvDisposition } from "@/features/applications/server/cv-file";
import {
  CV_UPLOAD_LIMIT,
  readOwnCv,
  removeOwnCv,
  uploadOwnCv,
} from "@/features/applications/server/cv-profile";
import { apiRoute, FileReply, handle } from "@/lib/server/http/api-route";

/**
 * The signed-in candidate's CV: GET the PDF, PUT a new one (its bytes as the body), DELETE it.
 * Only their own: each reads the caller's row, and there is no address naming anyone's file.
 * Every answer is `private, no-store` (the pipeline's default): no shared cache keeps a CV.
 */
export default apiRoute(
  handle(operations.getOwnCv, async ({ db, user }) => {
    const cv = await readOwnCv(db, user);
    return new FileReply(cv.bytes, {
      "Content-Type": "application/pdf",
      "Content-Disposition": inlineCvDisposition(cv.name),
      "X-Content-Type-Options": "nosniff",
    });
  }),
  handle(
    operations.uploadOwnCv,
    async ({ db, user, query, rawBody }) => uploadOwnCv(db, user, rawBody, query.name),
    // Twice the CV's limit is read, so that a file a little over it hears why (422 on cv)
    // rather than a bare 413; anything larger is cut off unread.
    { bodyLimit: 2 * CV_MAX_BYTES, limit: CV_UPLOAD_LIMIT },
  ),
  handle(operations.removeOwnCv, async ({ db, user }) => removeOwnCv(db, user)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
