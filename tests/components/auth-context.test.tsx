import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useAuth } from "@/lib/auth/auth-context";
import { renderInApp } from "@/tests/render";

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
