import { afterEach, describe, expect, it, vi } from "vitest";
import {
  REMEMBERED_TOKEN_ATTRIBUTE,
  REMEMBERED_TOKEN_SCRIPT,
  rememberedToken,
  rememberToken,
  tokenClaims,
} from "@/lib/auth/remembered-token";

/** A token shaped as Firebase's (header.claims.signature), for `sub`, expiring at `exp` (s). */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${part({ alg: "none" })}.${part(claims)}.`;
}

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const inSeconds = (seconds: number) => Math.floor(NOW / 1000) + seconds;

describe("the remembered ID token", () => {
  afterEach(() => window.localStorage.clear());

  it("is given back while it has more than two minutes to live", () => {
    const token = jwt({ sub: "uid-1", exp: inSeconds(30 * 60) });
    rememberToken(token);
    expect(rememberedToken(NOW)).toBe(token);
  });

  it("is not given back when it is about to expire, or has", () => {
    rememberToken(jwt({ sub: "uid-1", exp: inSeconds(60) }));
    expect(rememberedToken(NOW)).toBeNull();
    rememberToken(jwt({ sub: "uid-1", exp: inSeconds(-3600) }));
    expect(rememberedToken(NOW)).toBeNull();
  });

  it("is forgotten on sign-out, and anything else stored under its key is ignored", () => {
    rememberToken(jwt({ sub: "uid-1", exp: inSeconds(3600) }));
    rememberToken(null);
    expect(rememberedToken(NOW)).toBeNull();
    rememberToken("not-a-token");
    expect(rememberedToken(NOW)).toBeNull();
    rememberToken(jwt({ sub: "uid-1" }));
    expect(rememberedToken(NOW)).toBeNull();
  });

  it("reads the claims of a JWT, and nothing from anything else", () => {
    expect(tokenClaims(jwt({ sub: "uid-2", exp: 5 }))).toEqual({ sub: "uid-2", exp: 5 });
    expect(tokenClaims("a.b.c")).toBeNull();
    expect(tokenClaims("")).toBeNull();
  });
});

describe("the head's script for the signed-in area", () => {
  const marked = () => document.documentElement.hasAttribute(REMEMBERED_TOKEN_ATTRIBUTE);
  const runScript = () => new Function(REMEMBERED_TOKEN_SCRIPT)();

  afterEach(() => {
    window.localStorage.clear();
    document.documentElement.removeAttribute(REMEMBERED_TOKEN_ATTRIBUTE);
  });

  it("marks the page exactly when rememberedToken() would give a token", () => {
    const now = Date.now();
    const exp = (seconds: number) => Math.floor(now / 1000) + seconds;
    const cases: [string | null, boolean][] = [
      [jwt({ sub: "uid-1", exp: exp(30 * 60) }), true],
      [jwt({ sub: "uid-1", exp: exp(60) }), false],
      [jwt({ sub: "uid-1", exp: exp(-3600) }), false],
      [jwt({ sub: "uid-1" }), false],
      ["not-a-token", false],
      ["a.%%%.b", false],
      [null, false],
    ];
    for (const [token, shown] of cases) {
      rememberToken(token);
      document.documentElement.removeAttribute(REMEMBERED_TOKEN_ATTRIBUTE);
      runScript();
      expect(marked(), String(token)).toBe(shown);
      expect(rememberedToken(now) !== null, String(token)).toBe(shown);
    }
  });

  it("does nothing where storage is off", () => {
    const getItem = vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(runScript).not.toThrow();
    expect(marked()).toBe(false);
    getItem.mockRestore();
  });
});
