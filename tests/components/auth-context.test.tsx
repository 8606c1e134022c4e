import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RouterContext } from "next/dist/shared/lib/router-context.shared-runtime";
import { afterEach, describe, expect, it } from "vitest";
import {
  AuthProvider,
  firebaseIdentity,
  LAST_TOKEN,
  useAuth,
  type IdentitySource,
} from "@/lib/auth/auth-context";
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

/** The real provider's memory of the last session, with a provider that answers when told. */
function slowIdentity() {
  let report: (token: string | null) => void = () => undefined;
  const identity: IdentitySource = {
    remembered: firebaseIdentity.remembered,
    watch: async (onToken) => {
      report = onToken;
      return () => undefined;
    },
    signOut: async () => undefined,
  };
  return { identity, answer: (token: string | null) => act(() => report(token)) };
}

function renderSession(identity: IdentitySource) {
  const { router } = memoryRouter("/preferences");
  return render(
    <RouterContext.Provider value={router}>
      <AuthProvider identity={identity}>
        <SessionProbe />
      </AuthProvider>
    </RouterContext.Provider>,
  );
}

describe("AuthProvider: the last session, before the provider answers", () => {
  afterEach(() => window.localStorage.clear());

  it("uses the last session's token at once, and drops it when the provider says nobody", async () => {
    const remembered = tokenFor("u1", 3600);
    window.localStorage.setItem(LAST_TOKEN, remembered);
    const { identity, answer } = slowIdentity();
    renderSession(identity);
    expect(await screen.findByText(`token: ${remembered}`)).toBeInTheDocument();
    answer(null);
    expect(await screen.findByText("token: none")).toBeInTheDocument();
    expect(window.localStorage.getItem(LAST_TOKEN)).toBeNull();
  });

  it("keeps the provider's own token once it answers, and remembers that one", async () => {
    window.localStorage.setItem(LAST_TOKEN, tokenFor("u1", 3600));
    const { identity, answer } = slowIdentity();
    renderSession(identity);
    const fresh = tokenFor("u1", 3500);
    answer(fresh);
    expect(await screen.findByText(`token: ${fresh}`)).toBeInTheDocument();
    expect(window.localStorage.getItem(LAST_TOKEN)).toBe(fresh);
  });

  it("waits for the provider when the last token has expired or is about to", async () => {
    window.localStorage.setItem(LAST_TOKEN, tokenFor("u1", 30));
    const { identity, answer } = slowIdentity();
    renderSession(identity);
    expect(await screen.findByText("token: none")).toBeInTheDocument();
    const fresh = tokenFor("u1", 3600);
    answer(fresh);
    expect(await screen.findByText(`token: ${fresh}`)).toBeInTheDocument();
  });
});
