import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RouterContext } from "next/dist/shared/lib/router-context.shared-runtime";
import { afterEach, describe, expect, it } from "vitest";
import { AuthProvider, useAuth, type IdentitySource } from "@/lib/auth/auth-context";
import { rememberedToken, rememberToken } from "@/lib/auth/remembered-token";
import { SIGNED_IN_HINT } from "@/lib/auth/signed-in-hint";
import { memoryRouter, renderInApp } from "@/tests/render";

function SessionProbe() {
  const { token, signOut } = useAuth();
  return (
    <>
      <p>token: {token ?? "none"}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </>
  );
}

describe("AuthProvider", () => {
  it("stays on a public route when the user signs out there", async () => {
    const user = userEvent.setup();
    const { pushes } = renderInApp(<SessionProbe />, { pathname: "/pricing", token: "t1" });
    expect(await screen.findByText("token: t1")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("token: none")).toBeInTheDocument();
    expect(pushes).toEqual([]);
  });

  it("sends the user home when they sign out off a public route", async () => {
    const user = userEvent.setup();
    const { pushes } = renderInApp(<SessionProbe />, { pathname: "/preferences", token: "t1" });
    await user.click(await screen.findByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("token: none")).toBeInTheDocument();
    expect(pushes).toEqual(["/"]);
  });
});

/** An unsigned token (as the Auth emulator issues) for `sub`, expiring `seconds` from now. */
function tokenFor(sub: string, seconds: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
  const exp = Math.floor(Date.now() / 1000) + seconds;
  return `${part({ alg: "none" })}.${part({ sub, exp })}.`;
}

/** A provider that answers only when the test says so, as Firebase does after its round trip. */
function slowIdentity() {
  let report: (token: string | null) => void = () => undefined;
  const identity: IdentitySource = {
    watch: async (onToken) => {
      report = onToken;
      return () => undefined;
    },
    signOut: async () => undefined,
  };
  return { identity, answer: (token: string | null) => act(() => report(token)) };
}

function renderSession(identity: IdentitySource, pathname: string) {
  const { router } = memoryRouter(pathname);
  return render(
    <RouterContext.Provider value={router}>
      <AuthProvider identity={identity}>
        <SessionProbe />
      </AuthProvider>
    </RouterContext.Provider>,
  );
}

describe("AuthProvider: the remembered token, before the provider answers", () => {
  afterEach(() => window.localStorage.clear());

  it("starts the signed-in area with it, and drops it when the provider says nobody", async () => {
    const remembered = tokenFor("u1", 3600);
    rememberToken(remembered);
    const { identity, answer } = slowIdentity();
    renderSession(identity, "/preferences");
    expect(await screen.findByText(`token: ${remembered}`)).toBeInTheDocument();
    answer(null);
    expect(await screen.findByText("token: none")).toBeInTheDocument();
    expect(rememberedToken()).toBeNull();
  });

  it("keeps the provider's own token once it answers, and remembers that one", async () => {
    rememberToken(tokenFor("u1", 3600));
    const { identity, answer } = slowIdentity();
    renderSession(identity, "/preferences");
    const fresh = tokenFor("u1", 3500);
    answer(fresh);
    expect(await screen.findByText(`token: ${fresh}`)).toBeInTheDocument();
    expect(rememberedToken()).toBe(fresh);
  });

  it("waits for the provider when the token is about to expire, and on public pages", async () => {
    rememberToken(tokenFor("u1", 30));
    const first = slowIdentity();
    const { unmount } = renderSession(first.identity, "/preferences");
    expect(await screen.findByText("token: none")).toBeInTheDocument();
    unmount();

    rememberToken(tokenFor("u1", 3600));
    window.localStorage.setItem(SIGNED_IN_HINT, "1");
    const second = slowIdentity();
    renderSession(second.identity, "/pricing");
    expect(await screen.findByText("token: none")).toBeInTheDocument();
    const fresh = tokenFor("u1", 3500);
    second.answer(fresh);
    expect(await screen.findByText(`token: ${fresh}`)).toBeInTheDocument();
  });
});
