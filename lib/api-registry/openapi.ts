// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiResponseObject,
} from "zod-openapi";
import { errorAnswerSchema, invalidInputAnswerSchema } from "@/lib/api/errors";
import { SITE_NAME, SITE_URL } from "@/lib/site";
import type { AnswerBody, Operation } from "@/lib/api/operation";
import { operations } from "./operations";
import { oldPathOf, RENAMED_SUNSET } from "@/lib/api/renamed-paths";

/*
 * The OpenAPI 3.1 document of the API, generated from the operations' zod schemas (zod-openapi
 * renders them with zod's own JSON Schema output), never written by hand.
 */

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The request cannot be read: bad JSON, a bad signature",
  401: "No valid sign-in",
  403: "Not allowed",
  404: "Nothing with that id, or nothing that is the caller's",
  405: "Another method is needed (see Allow)",
  409: "The thing is in a state that does not allow this",
  410: "It no longer takes this: a job that stopped taking applications",
  413: "The body is too large",
  415: "The body is not JSON",
  422: "Fields that fail their rules, each with its messages",
  429: "Too many requests (see Retry-After)",
  500: "A fault of ours",
  503: "Unavailable for a moment (see Retry-After)",
};

/** The object schema of a query, whatever it is turned into once read. */
const queryObject = (schema: z.ZodType): z.ZodObject =>
  (schema instanceof z.ZodPipe ? schema.in : schema) as z.ZodObject;

function answerContent(answer: AnswerBody) {
  if (answer instanceof z.ZodType) return { "application/json": { schema: answer } };
  return { [answer.file]: { schema: z.string().meta({ format: "binary" }) } };
}

/** Every error status an operation may answer with. */
function errorStatuses(operation: Operation): number[] {
  const statuses = new Set<number>([405, 422, 429, 500, 503, ...(operation.errors ?? [])]);
  if (operation.access !== "public") statuses.add(401);
  if (operation.access === "moderator" || operation.access === "employer") statuses.add(403);
  if (operation.access === "employer" && !operation.employer?.withoutCompany) statuses.add(404);
  if (operation.params) statuses.add(404);
  if (operation.body || operation.rawBody)
    [400, 413, 415].forEach((status) => statuses.add(status));
  return [...statuses].sort();
}

function operationObject(id: string, operation: Operation): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, answer] of Object.entries(operation.answers)) {
    responses[status] = { description: "Success", content: answerContent(answer) };
  }
  for (const status of errorStatuses(operation)) {
    const schema = status === 422 ? invalidInputAnswerSchema : errorAnswerSchema;
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status]!,
      content: { "application/json": { schema } },
    };
  }
  return {
    operationId: id,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(operation.access === "public" ? {} : { security: [{ firebaseIdToken: [] }] }),
    // Which company role it needs (issue 44): the role matrix test reads it from here.
    ...(operation.employer
      ? {
          "x-employer-role": operation.employer.role,
          ...(operation.employer.withoutCompany ? { "x-employer-without-company": true } : {}),
        }
      : {}),
    // Which area of the board it belongs to (issue 64): the board's role matrix reads it here.
    ...(operation.board ? { "x-board-area": operation.board.area } : {}),
    requestParams: {
      ...(operation.params ? { path: operation.params } : {}),
      ...(operation.query ? { query: queryObject(operation.query) } : {}),
    },
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: operation.body } },
          },
        }
      : {}),
    ...(operation.rawBody
      ? {
          requestBody: {
            required: true,
            content: { [operation.rawBody.contentType]: { schema: z.unknown() } },
          },
        }
      : {}),
    responses,
  };
}

function buildDocument() {
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = {};
  for (const [id, operation] of Object.entries(operations) as [string, Operation][]) {
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = operationObject(id, operation);
    // A renamed path's old one answers the same until its sunset (lib/api/renamed-paths.ts).
    const old = oldPathOf(operation.path);
    if (old) {
      const current = operationObject(id, operation);
      (paths[old] ??= {})[operation.method.toLowerCase()] = {
        ...current,
        operationId: `${id}AtOldPath`,
        deprecated: true,
        description: `The old path of ${operation.method} ${operation.path}, which answers the same: it answers until ${RENAMED_SUNSET.toISOString().slice(0, 10)}, with Deprecation, Sunset and Link headers.`,
      };
    }
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: `${SITE_NAME} API`,
      version: "1",
      description:
        "Every key is snake_case. Errors answer { error, code }, and 422 adds errors: { field: [messages] }.",
    },
    servers: [{ url: SITE_URL }],
    components: {
      securitySchemes: {
        firebaseIdToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "A Firebase ID token of the signed-in person",
        },
      },
    },
    paths,
  });
}

let built: ReturnType<typeof createDocument> | undefined;

/** The document, built once per process. */
export const openApiDocument = () =>
  (built ??= buildDocument()) as unknown as Record<string, unknown>;
