// @vitest-environment node
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  BODY_NAMING,
  envelopeNaming,
  fieldErrors,
  QUERY_NAMING,
} from "@/lib/validation/field-errors";
import { parseInput, policyIssues } from "@/lib/validation/input";
import { queryOf } from "@/lib/server/http/request-url";
import { screeningQuestionSchema } from "@/features/jobs/question-schemas";

const body = z.strictObject({ name: z.string(), bio: z.string().optional() });

describe("the input policy", () => {
  it.each([
    ["NUL", "a\u0000b", "U+0000"],
    ["a bell", "a\u0007b", "U+0007"],
    ["an escape", "\u001b[31mred", "U+001B"],
    ["DEL", "a\u007fb", "U+007F"],
  ])("refuses %s in any text, naming the field", (_, text, code) => {
    const parsed = parseInput(body, { name: "Ada", bio: text }, BODY_NAMING);
    expect(parsed).toEqual({
      ok: false,
      errors: { bio: [`Remove the control character ${code} from this text`] },
    });
  });

  it("keeps tabs and line breaks, which belong in long text", () => {
    expect(parseInput(body, { name: "Ada", bio: "one\ttwo\r\nthree" }, BODY_NAMING)).toEqual({
      ok: true,
      data: { name: "Ada", bio: "one\ttwo\r\nthree" },
    });
  });

  it("refuses unpaired surrogates, which cannot be stored", () => {
    const parsed = parseInput(body, { name: "\ud800x" }, BODY_NAMING);
    expect(parsed.ok).toBe(false);
  });

  it("looks into arrays, nested objects and keys", () => {
    const issues = policyIssues({ a: [{ b: "x\u0000" }], "k\u0000": 1 });
    expect(issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining([["a", 0, "b"], ["k\u0000"]]),
    );
  });

  it("refuses input nested deeper than any of ours, without recursion", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(parseInput(body, deep, BODY_NAMING)).toEqual({
      ok: false,
      errors: { body: ["The input is nested too deeply"] },
    });
  });
});

describe("field errors", () => {
  it.each(["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"])(
    "treat a key named %s as an unknown field",
    (key) => {
      const input = JSON.parse(`{"name":"Ada",${JSON.stringify(key)}:{"x":1}}`) as unknown;
      const parsed = parseInput(body, input, BODY_NAMING);
      expect(parsed.ok).toBe(false);
      if (parsed.ok) return;
      expect(Object.getPrototypeOf(parsed.errors)).toBeNull();
      expect(Object.keys(parsed.errors)).toEqual([key]);
      expect(JSON.parse(JSON.stringify(parsed.errors))).toEqual(
        JSON.parse(`{${JSON.stringify(key)}:["Unknown field"]}`),
      );
    },
  );

  it.each(["__proto__", "constructor", "prototype"])(
    "refuse %s as a key at any depth, as an unknown field where it is (issue 40)",
    (key) => {
      const record = z.strictObject({ answers: z.record(z.string(), z.string()) });
      const input = JSON.parse(`{"answers":{"q1":"yes",${JSON.stringify(key)}:"x"}}`) as unknown;
      const parsed = parseInput(record, input, BODY_NAMING);
      expect(parsed).toMatchObject({ ok: false });
      if (parsed.ok) return;
      expect(JSON.parse(JSON.stringify(parsed.errors))).toEqual(
        JSON.parse(`{${JSON.stringify(`answers.${key}`)}:["Unknown field"]}`),
      );
      // Deeper, and inside a list's item, too.
      const deep = JSON.parse(`{"a":[{"b":{${JSON.stringify(key)}:1}}]}`) as unknown;
      expect(parseInput(z.unknown(), deep, BODY_NAMING).ok).toBe(false);
    },
  );

  it.each(["constructor", "prototype"])(
    "refuse %s as a screening question's id: answers are keyed by it",
    (id) => {
      const question = { id, kind: "yes_no", prompt: "Can you start in May?", required: true };
      expect(screeningQuestionSchema.safeParse(question).success).toBe(false);
      expect(screeningQuestionSchema.safeParse({ ...question, id: "q1" }).success).toBe(true);
    },
  );

  it("name query parameters as parameters", () => {
    const parsed = parseInput(z.strictObject({}), { constructor: "1" }, QUERY_NAMING);
    expect(parsed).toMatchObject({ ok: false, errors: { constructor: ["Unknown parameter"] } });
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"])(
    "treat a query parameter named %s as an unknown parameter",
    (key) => {
      const query = queryOf(`/api/talent?${key}=1&page=2`);
      expect(Object.getPrototypeOf(query)).toBeNull();
      expect(Object.keys(query)).toEqual([key, "page"]);
      const parsed = parseInput(z.strictObject({ page: z.string() }), query, QUERY_NAMING);
      expect(parsed.ok).toBe(false);
      if (parsed.ok) return;
      expect(Object.keys(parsed.errors)).toEqual([key]);
      expect(parsed.errors[key]).toEqual(["Unknown parameter"]);
    },
  );

  it("read a query string whole: repeated parameters as lists, a ? within a value kept", () => {
    expect({ ...queryOf("/api/jobs?q=why?&region=remote&region=europe") }).toEqual({
      q: "why?",
      region: ["remote", "europe"],
    });
    expect(Object.keys(queryOf("/api/jobs"))).toEqual([]);
  });

  it("leave the envelope out of field names, and say how to wrap a body that is not", () => {
    const schema = z.strictObject({ user: z.strictObject({ full_name: z.string() }) });
    expect(parseInput(schema, { user: { full_name: 1 } }, envelopeNaming("user"))).toMatchObject({
      ok: false,
      errors: { full_name: [expect.any(String)] },
    });
    expect(parseInput(schema, "hi", envelopeNaming("user"))).toMatchObject({
      ok: false,
      errors: { user: ["Send the changes as { user: { ... } }"] },
    });
  });

  it("key nested fields by their dotted path", () => {
    const errors = fieldErrors(
      [{ code: "too_small", path: ["job", "title"], message: "Enter the job title" }],
      BODY_NAMING,
    );
    expect({ ...errors }).toEqual({ "job.title": ["Enter the job title"] });
  });
});
