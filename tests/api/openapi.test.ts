// @vitest-environment node
import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api-registry/openapi";
import type { Operation } from "@/lib/api/operation";
import { operations } from "@/lib/api-registry/operations";
import { RENAMED_PATHS } from "@/lib/api/renamed-paths";
import type { ApiRoute } from "@/lib/server/http/api-route";

/*
 * The API's contract: every route under pages/api serves operations of lib/api-registry/operations.ts
 * at its own path, and the generated OpenAPI document has each of them.
 */

const routes = import.meta.glob<{ default: ApiRoute }>("/pages/api/**/*.ts", { eager: true });
/** Every /api path no route serves: answered 404 in JSON, and no operation of its own. */
const CATCH_ALL = "/pages/api/[...path].ts";

/** The path a route file serves, as OpenAPI writes it: /pages/api/a/[b].ts → /api/a/{b}. */
const pathOf = (file: string) =>
  file
    .replace(/^\/pages/, "")
    .replace(/\.ts$/, "")
    .replace(/\/index$/, "")
    .replace(/\[(\w+)\]/g, "{$1}");

const document = openApiDocument() as {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string }>>;
};
const bound = Object.entries(routes)
  .filter(([file]) => file !== CATCH_ALL)
  .flatMap(([file, route]) => route.default.operations.map((operation) => ({ file, operation })));

describe("the API's contract", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it.each(Object.keys(routes).filter((file) => file !== CATCH_ALL))(
    "%s serves its operations at its own path",
    (file) => {
      const served = routes[file]!.default.operations;
      expect(served.length).toBeGreaterThan(0);
      for (const operation of served) expect(operation.path).toBe(pathOf(file));
    },
  );

  it("has every operation every route serves, under its id", () => {
    for (const { operation } of bound) {
      const id = Object.entries(operations).find(([, known]) => known === operation)?.[0];
      expect(id, `${operation.method} ${operation.path}`).toBeDefined();
      expect(document.paths[operation.path]?.[operation.method.toLowerCase()]).toMatchObject({
        operationId: id,
      });
    }
  });

  it("describes nothing no route serves", () => {
    const served = new Set<Operation>(bound.map(({ operation }) => operation));
    const unserved = Object.entries(operations)
      .filter(([, operation]) => !served.has(operation))
      .map(([id]) => id);
    expect(unserved).toEqual([]);
    const documented = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).filter((entry) => !(entry as { deprecated?: boolean }).deprecated),
    );
    expect(documented.length).toBe(bound.length);
  });

  it("lists each renamed path's old one as deprecated, beside its successor (issue 62)", () => {
    const deprecated = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, entry]) => (entry as { deprecated?: boolean }).deprecated)
        .map(([method, entry]) => ({ path, method, id: entry.operationId })),
    );
    expect(deprecated.length).toBeGreaterThan(40);
    for (const { path, method, id } of deprecated) {
      const rename = RENAMED_PATHS.find(({ from }) => path === from || path.startsWith(`${from}/`));
      expect(rename, path).toBeDefined();
      const successor = rename!.to + path.slice(rename!.from.length);
      expect(document.paths[successor]?.[method]?.operationId, path).toBe(
        id.replace(/AtOldPath$/, ""),
      );
    }
    for (const old of ["/api/submissions", "/api/admin/submissions", "/api/favorites/{jobId}"]) {
      expect(Object.keys(document.paths)).toContain(old);
    }
    expect(Object.keys(document.paths)).not.toContain("/api/moderation/submissions");
  });

  it("is listed, path by path, in docs/api.md", () => {
    const guide = readFileSync("docs/api.md", "utf8");
    for (const { operation } of bound) {
      expect(guide, `${operation.method} ${operation.path}`).toContain(
        `${operation.method} ${operation.path}`,
      );
    }
  });

  it("names every key it takes and answers in snake_case", () => {
    const keys = new Set<string>();
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (typeof value === "object" && value !== null) {
        for (const [key, inner] of Object.entries(value)) {
          if (key === "properties" && typeof inner === "object" && inner !== null) {
            Object.keys(inner).forEach((name) => keys.add(name));
          }
          walk(inner);
        }
      }
    };
    walk(document);
    expect([...keys].filter((key) => !/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(key))).toEqual([]);
  });
});
