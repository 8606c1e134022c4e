import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RouterContext } from "next/dist/shared/lib/router-context.shared-runtime";
import { afterEach, describe, expect, it } from "vitest";
import { AuthProvider, useAuth, type IdentitySource } from "@/lib/auth/auth-context";
import { createQueryClient } from "@/lib/query-client";
import { memoryRouter } from "@/tests/render";

/** The identity provider's side of the contract, driven by the test as Firebase would be. */
function scriptedIdentity() {
  let listener: ((token: string | null) => void) | null = null;
  const calls = { watch: 0, signOut: 0 };
  const identity: IdentitySource = {
    watch: async (onToken) => {
      calls.watch += 1;
      listener = onToken;
      return () => {
        listener = null;
      };
    },
    signOut: async () => {
      calls.signOut += 1;
      listener?.(null);
    },
  };
  const report = (token: string | null) => act(() => listener?.(token));
  return { identity, calls, report, listening: () => listener !== null };
}

function Probe() {
  const { token, status, signOut } = useAuth();
  return (
    <>
      <p>
        {status}: {token ?? "no token"}
      </p>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </>
  );
}

function renderWith(identity: IdentitySource, pathname: string) {
  const { router, pushes } = memoryRouter(pathname);
  const queryClient = createQueryClient();
  render(
    <RouterContext.Provider value={router}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider identity={identity}>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>
    </RouterContext.Provider>,
  );
  return { pushes, queryClient };
}

afterEach(() => window.localStorage.clear());

describe("AuthProvider with an identity provider", () => {
  it("is loading until the provider answers, then holds and refreshes its token", async () => {
    const { identity, report } = scriptedIdentity();
    renderWith(identity, "/profile");
    expect(screen.getByText("loading: no token")).toBeInTheDocument();

    await report("token-1");
    expect(screen.getByText("signed-in: token-1")).toBeInTheDocument();
    // onIdTokenChanged fires again when Firebase renews the token.
    await report("token-2");
    expect(screen.getByText("signed-in: token-2")).toBeInTheDocument();
    await report(null);
    expect(screen.getByText("signed-out: no token")).toBeInTheDocument();
  });

  it("does not load the provider for an anonymous visitor on a public page", async () => {
    const { identity, calls } = scriptedIdentity();
    renderWith(identity, "/pricing");
    expect(await screen.findByText("signed-out: no token")).toBeInTheDocument();
    expect(calls.watch).toBe(0);
  });

  it("loads it on a public page for someone who signed in on this browser", async () => {
    const first = scriptedIdentity();
    renderWith(first.identity, "/sign-in");
    await first.report("token-1");

    const second = scriptedIdentity();
    renderWith(second.identity, "/pricing");
    expect(second.calls.watch).toBe(1);
  });

  it("signs out of the provider, forgets the session and leaves the profile area", async () => {
    const user = userEvent.setup();
    const { identity, calls, report } = scriptedIdentity();
    // A provider that never reports the sign-out: the app must clear things itself.
    identity.signOut = async () => {
      calls.signOut += 1;
    };
    const { pushes, queryClient } = renderWith(identity, "/settings");
    await report("token-1");
    queryClient.setQueryData(["current_user"], { full_name: "Ada" });

    await user.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("signed-out: no token")).toBeInTheDocument();
    expect(calls.signOut).toBe(1);
    expect(pushes).toEqual(["/"]);
    expect(queryClient.getQueryData(["current_user"])).toBeUndefined();
    expect(window.localStorage.length).toBe(0);
  });

  it("forgets what it cached for one person when another signs in", async () => {
    const { identity, report } = scriptedIdentity();
    const { queryClient } = renderWith(identity, "/profile");
    const tokenFor = (sub: string, n: number) =>
      `h.${btoa(JSON.stringify({ sub, n })).replace(/=+$/, "")}.s`;
    await report(tokenFor("ada", 1));
    queryClient.setQueryData(["current_user"], { full_name: "Ada" });

    await report(tokenFor("ada", 2));
    expect(queryClient.getQueryData(["current_user"])).toEqual({ full_name: "Ada" });
    await report(tokenFor("grace", 1));
    expect(queryClient.getQueryData(["current_user"])).toBeUndefined();
  });
});
