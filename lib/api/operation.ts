import type { z } from "zod";
import type { BoardRule } from "@/lib/auth/board-roles";
import type { CompanyRole } from "@/lib/auth/company-roles";

/*
 * The shape of one API operation: what it takes and what it answers, in zod. The server's
 * pipeline reads its input by it, the OpenAPI document is generated from it, and the browser's
 * hooks take their types from it (as types only: no zod reaches the browser through here).
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call it: anyone; a signed-in person (a Firebase ID token as a bearer token); a
 * member of the board's team whose role reaches the operation's `board.area` (issue 64: the
 * board guard reads the role afresh on every request); a member of a company
 * with at least the operation's `employer.role` (the pipeline's employer guard reads the
 * membership afresh on every request).
 */
export type Access = "public" | "user" | "moderator" | "employer";

/** What the employer guard asks of the caller (access "employer"). */
export type EmployerRule = {
  /** The least role that may call it: a lower one answers 403. */
  role: CompanyRole;
  /**
   * A signed-in person in no company may call it too (posting their first listing makes their
   * company; their list of listings is empty). Without it, they get 404.
   */
  withoutCompany?: true;
};

/** What a success answer carries: JSON of a schema, or a file of a content type. */
export type AnswerBody = z.ZodType | { file: string };

export type Operation = {
  method: Method;
  /** The path as OpenAPI writes it, parameters in braces: "/api/saved_jobs/{jobId}". */
  path: string;
  summary: string;
  description?: string;
  access: Access;
  /** Access "employer" only: the role it needs. */
  employer?: EmployerRule;
  /** Access "moderator" only, and required there: the area of the board it belongs to. */
  board?: BoardRule;
  /** The path's parameters; one that does not parse names nothing, so the answer is 404. */
  params?: z.ZodObject;
  /** The query string; without one, any parameter is refused (422). */
  query?: z.ZodType;
  /** The JSON body; without one, a request with a body is refused (422). */
  body?: z.ZodType;
  /** The one key the body wraps its fields in (`{ user: {...} }`): left out of error keys. */
  envelope?: string;
  /** The body is read unparsed (a webhook checks the signature of its exact bytes). */
  rawBody?: { contentType: string };
  /** Success answers by status. */
  answers: { 200?: AnswerBody; 201?: AnswerBody };
  /** Error statuses particular to it, beyond those its access, params and input imply. */
  errors?: readonly (400 | 403 | 404 | 409 | 410 | 503)[];
};

/** A moderator operation names its area (the board guard needs it); no other names one. */
type BoardChecked<O extends Operation> = O["access"] extends "moderator"
  ? { board: BoardRule }
  : { board?: never };

export const operation = <const O extends Operation>(definition: O & BoardChecked<O>): O =>
  definition;

type JsonOf<A> = A extends z.ZodType ? z.output<A> : never;

/** What an operation answers on success (JSON answers; a file is not typed here). */
export type AnswerOf<O extends Operation> = {
  [S in keyof O["answers"]]: JsonOf<O["answers"][S]>;
}[keyof O["answers"]];

/** What an operation's body takes, as the browser sends it (before the server's defaults). */
export type BodyOf<O extends Operation> = O["body"] extends z.ZodType ? z.input<O["body"]> : never;

export type ParamsOf<O extends Operation> = O["params"] extends z.ZodType
  ? z.output<O["params"]>
  : Record<string, never>;
export type QueryOf<O extends Operation> = O["query"] extends z.ZodType
  ? z.output<O["query"]>
  : Record<string, never>;
export type InputBodyOf<O extends Operation> = O["body"] extends z.ZodType
  ? z.output<O["body"]>
  : undefined;
