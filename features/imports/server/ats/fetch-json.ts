import type { Hash } from "node:crypto";
import { Tokenizer, TokenParser, TokenType } from "@streamparser/json";
import { SITE_NAME, SITE_URL } from "@/lib/site";
import { AtsError } from "./types";

/*
 * One GET of an ATS's JSON, bounded: in time by the board's deadline (every request of a board
 * shares it), in memory by counting the body's bytes as they stream in (decompressed, as fetch
 * gives them) and giving up past the cap, in hops by following at most a few redirects, and each
 * failure an AtsError in plain words. The body is parsed as it streams: its list's items are
 * handed over one by one as each is read, never the whole answer at once, so a reader that has
 * seen enough (too many jobs) stops the download there.
 */

export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

const MAX_REDIRECTS = 3;

const USER_AGENT = `${SITE_NAME} job import (+${SITE_URL})`;

/** A validator from the last run, sent back as it came, if it can be a header's value at all. */
const VALIDATOR = /^[\x20-\x7e]{1,512}$/;

/** What an answer is read as: a list of items, and a few fields beside it. */
export type JsonShape = {
  /**
   * Where the list is: the key of the answer's object that holds it, or null when the answer
   * is the list itself. Left out: the answer is an object with no list wanted.
   */
  list?: string | null;
  /** Each item of the list, as soon as it is read; it may throw an AtsError to stop. */
  item?: (value: unknown) => void;
  /** Fields of the answer's object read whole (small ones: a name). */
  fields?: readonly string[];
};

export type JsonRequest = {
  url: string;
  /** The ATS's name in the messages: "Greenhouse". */
  label: string;
  /** Aborts when the board's time is up. */
  deadline: AbortSignal;
  timeoutMs: number;
  /** The caller's own signal: its abort is thrown as it is, not as an AtsError. */
  signal?: AbortSignal;
  maxBytes: number;
  /** Fed the body's bytes as they come. */
  hash?: Hash;
  etag?: string | null;
  lastModified?: string | null;
  shape: JsonShape;
};

export type JsonAnswer =
  | { status: "not_modified" }
  | {
      status: "ok";
      /** The shape's fields the answer has. */
      fields: Record<string, unknown>;
      etag: string | null;
      lastModified: string | null;
    };

export async function getJson(request: JsonRequest): Promise<JsonAnswer> {
  const { label } = request;
  const signal = request.signal
    ? AbortSignal.any([request.deadline, request.signal])
    : request.deadline;
  try {
    const response = await follow(request, signal);
    if (response.status === 304) {
      await response.body?.cancel();
      return { status: "not_modified" };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw statusError(label, response.status);
    }
    return {
      status: "ok",
      fields: await readBody(response, request),
      etag: response.headers.get("etag"),
      lastModified: response.headers.get("last-modified"),
    };
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    if (error instanceof AtsError) throw error;
    if (request.deadline.aborted) {
      const seconds = Math.max(1, Math.round(request.timeoutMs / 1000));
      throw new AtsError("timeout", `${label} did not answer within ${seconds} s: try again later`);
    }
    throw new AtsError("network", `${label} could not be reached: try again later`);
  }
}

/** Fetches `request.url`, following redirects that stay on http(s) and on the ATS's own site. */
async function follow(request: JsonRequest, signal: AbortSignal): Promise<Response> {
  const headers = new Headers({ accept: "application/json", "user-agent": USER_AGENT });
  if (request.etag && VALIDATOR.test(request.etag)) headers.set("if-none-match", request.etag);
  if (request.lastModified && VALIDATOR.test(request.lastModified)) {
    headers.set("if-modified-since", request.lastModified);
  }
  let url = new URL(request.url);
  for (let hop = 0; ; hop++) {
    const response = await fetch(url, { headers, redirect: "manual", signal });
    const location = response.headers.get("location");
    if (![301, 302, 303, 307, 308].includes(response.status) || location === null) return response;
    await response.body?.cancel();
    const next = URL.canParse(location, url) ? new URL(location, url) : null;
    if (hop === MAX_REDIRECTS || next === null || !sameSite(url, next)) {
      throw new AtsError(
        "http_error",
        `${request.label} sent us somewhere else than its board: try again later`,
        response.status,
      );
    }
    url = next;
  }
}

/**
 * A redirect is followed only to the same host or another host of the same site (Workable's
 * www.workable.com answers from apply.workable.com), never from https down to http.
 */
function sameSite(from: URL, to: URL): boolean {
  if (to.protocol !== "https:" && to.protocol !== "http:") return false;
  if (from.protocol === "https:" && to.protocol !== "https:") return false;
  if (to.host === from.host) return true;
  const site = (url: URL) => url.hostname.split(".").slice(-2).join(".");
  const isName = (url: URL) => /[a-z]/.test(url.hostname.split(".").at(-1) ?? "");
  return isName(from) && isName(to) && site(from) === site(to);
}

function statusError(label: string, status: number): AtsError {
  if (status === 404) {
    return new AtsError("not_found", `${label} has no board by that name: check the name`, status);
  }
  const advice =
    status === 429 || status >= 500 ? "try again later" : "check the name, or try again later";
  return new AtsError("http_error", `${label} answered ${status}: ${advice}`, status);
}

/**
 * The body read as it streams and parsed as it comes: its list's items handed to the shape's
 * `item`, its fields answered. Dropped as soon as it passes the cap, or an item stops it.
 */
async function readBody(
  response: Response,
  request: JsonRequest,
): Promise<Record<string, unknown>> {
  const tooLarge = () => {
    const megabytes = Math.round(request.maxBytes / (1024 * 1024));
    return new AtsError(
      "too_large",
      `${request.label}'s answer is larger than ${megabytes} MB: we could not read it`,
    );
  };
  const length = Number(response.headers.get("content-length"));
  if (Number.isFinite(length) && length > request.maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const parser = jsonParser(request.shape, request.label);
  if (response.body === null) return parser.end();
  let total = 0;
  const reader = response.body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      total += read.value.byteLength;
      if (total > request.maxBytes) throw tooLarge();
      request.hash?.update(read.value);
      parser.write(read.value);
    }
  } catch (error) {
    // Cancelling the stream ends the download: the rest is never read.
    await reader.cancel().catch(() => {});
    throw error;
  }
  return parser.end();
}

/**
 * A streaming parser of an answer of `shape`. What JSON.parse and the adapters' schemas refused
 * before is refused the same: text that is not JSON, and an answer whose list is not a list.
 */
function jsonParser(shape: JsonShape, label: string) {
  const notJson = () =>
    new AtsError("malformed", `${label}'s answer is not JSON: check the board's name`);
  const notShaped = () =>
    new AtsError(
      "malformed",
      `${label}'s answer is not the shape ${label} documents: the board could not be read`,
    );
  const tokenizer = new Tokenizer();
  const paths = (shape.fields ?? []).map((field) => `$.${field}`);
  if (shape.list !== undefined) paths.push(shape.list === null ? "$.*" : `$.${shape.list}.*`);
  // Emitted items are dropped from the list that held them: only one is held at a time.
  const values = new TokenParser({ paths, keepStack: false });
  const fields: Record<string, unknown> = {};
  /** The answer's own container: "{" or "[" (a first token of any other kind is no answer). */
  let root: TokenType | undefined;
  let depth = 0;
  /** The key being read at the answer's top level, and the last string read there. */
  let key: string | undefined;
  let text: string | undefined;
  let listOpened = false;

  tokenizer.onToken = (token) => {
    root ??= token.token;
    if (depth === 1) {
      if (token.token === TokenType.STRING) text = String(token.value);
      if (token.token === TokenType.COLON) key = text;
      if (token.token === TokenType.LEFT_BRACKET && key === shape.list) listOpened = true;
    }
    if (token.token === TokenType.LEFT_BRACE || token.token === TokenType.LEFT_BRACKET) depth++;
    if (token.token === TokenType.RIGHT_BRACE || token.token === TokenType.RIGHT_BRACKET) depth--;
    values.write(token);
  };
  values.onValue = ({ value, key: name, parent, stack }) => {
    if (stack.length === 1 && typeof name === "string" && shape.fields?.includes(name)) {
      fields[name] = value;
      return;
    }
    // An item's container is the list: a list, not an object of items.
    if (!Array.isArray(parent)) throw notShaped();
    shape.item?.(value);
  };

  const parsing = <T>(step: () => T): T => {
    try {
      return step();
    } catch (error) {
      if (error instanceof AtsError) throw error;
      throw notJson();
    }
  };
  return {
    write: (chunk: Uint8Array) => parsing(() => tokenizer.write(chunk)),
    /** The fields, once the whole answer was read and is of the shape asked for. */
    end: (): Record<string, unknown> => {
      parsing(() => tokenizer.end());
      if (!values.isEnded) throw notJson();
      const expected = shape.list === null ? TokenType.LEFT_BRACKET : TokenType.LEFT_BRACE;
      if (root !== expected) throw notShaped();
      if (typeof shape.list === "string" && !listOpened) throw notShaped();
      return fields;
    },
  };
}
