import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import JoinBoardPage from "@/pages/review/join";
import { BOARD_JOIN_FRAGMENT_SCRIPT, BOARD_JOIN_TOKEN_KEY } from "@/features/moderation/join-link";
import { fakeApi } from "@/tests/components/fake-api";
import { renderInApp } from "@/tests/render";
import { moderatorUser } from "@/tests/fixtures/moderator";

/*
 * An invitation to the board's team, /review/join#<token> (issue 64): the head script keeps the
 * token in the tab and takes it out of the address, so someone sent to sign in first comes back
 * to it; accepted, the tab forgets it.
 */

const TOKEN = "a".repeat(20) + "-" + "B".repeat(22);

afterEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("the board's invitation link", () => {
  it("is kept in the tab by the head script, and leaves the address", () => {
    window.history.replaceState(null, "", `/review/join#${TOKEN}`);
    window.eval(BOARD_JOIN_FRAGMENT_SCRIPT);
    expect(window.sessionStorage.getItem(BOARD_JOIN_TOKEN_KEY)).toBe(TOKEN);
    expect(window.location.hash).toBe("");
    expect(window.location.pathname).toBe("/review/join");
  });

  it("leaves a fragment that is no token alone", () => {
    window.history.replaceState(null, "", "/review/join#main");
    window.eval(BOARD_JOIN_FRAGMENT_SCRIPT);
    expect(window.sessionStorage.getItem(BOARD_JOIN_TOKEN_KEY)).toBeNull();
    expect(window.location.hash).toBe("#main");
  });

  it("is found again after a sign-in (no fragment), accepted, then forgotten", async () => {
    const user = userEvent.setup();
    window.sessionStorage.setItem(BOARD_JOIN_TOKEN_KEY, TOKEN);
    const api = fakeApi({
      getCurrentUser: () =>
        moderatorUser({ is_moderator: false, board_role: null, board_areas: [] }),
      previewBoardInvitation: () => ({
        invitation: {
          role: "finance",
          email: "fin@board.example",
          for_you: true,
          invited_by: "Olive Owner",
          expires_at: "2026-12-10T09:00:00.000Z",
        },
      }),
      acceptBoardInvitation: () => ({ role: "finance" }),
    });
    renderInApp(<JoinBoardPage />, { pathname: "/review/join", token: "token-1" });
    expect(
      await screen.findByRole("heading", { name: "Join the board’s team as Finance" }),
    ).toBeInTheDocument();
    expect(api.of("previewBoardInvitation")[0]?.body).toEqual({ token: TOKEN });
    await user.click(screen.getByRole("button", { name: "Accept the invitation" }));
    expect(await screen.findByText("You are on the board’s team as Finance")).toBeInTheDocument();
    expect(api.of("acceptBoardInvitation")[0]?.body).toEqual({ token: TOKEN });
    expect(window.sessionStorage.getItem(BOARD_JOIN_TOKEN_KEY)).toBeNull();
  });
});
