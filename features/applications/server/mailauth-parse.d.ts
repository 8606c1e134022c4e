// mailauth's header parser has no types of its own: the part reply-authentication.ts reads of an
// Authentication-Results (or ARC-Authentication-Results) field.

declare module "mailauth/lib/parse-dkim-headers.js" {
  /** One method's result: `dmarc=pass header.from=example.com` is { value: "pass", header }. */
  export type ResultEntry = { value?: string; header?: Record<string, unknown> };
  /** A field's value: `value` is the authserv-id (lower-cased, with any version after it). */
  export type ParsedResults = {
    value?: string;
    dkim?: ResultEntry[];
    dmarc?: ResultEntry;
  };
  export default function parseDkimHeaders(line: string): { parsed: ParsedResults };
}
