import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import ReviewPage from "@/pages/review";
import ReviewTeamPage from "@/pages/review/team";
import { ROLE_AREAS, type BoardRole } from "@/lib/auth/board-roles";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import { renderInApp } from "@/tests/render";
import { moderatorUser } from "@/tests/fixtures/moderator";

/*
 * The board's team on /review (issue 64): each role sees only its areas (tabs and pages), and
 * the owners' /review/team screen lists the team and invites in a dialog, refusals by their field.
 */

const as = (role: BoardRole) =>
  moderatorUser({ board_role: role, board_areas: [...ROLE_AREAS[role]] });

const TEAM: ApiAnswer<"getBoardTeam"> = {
  team: {
    named_owners: ["olive@board.example"],
    members: [
      {
        id: 3,
        user_id: 7,
        name: "Fin Ance",
        email: "fin@board.example",
        role: "finance",
        invited_by: "Olive Owner",
        added_at: "2026-11-01T09:00:00.000Z",
        is_you: false,
      },
    ],
    invitations: [],
  },
};

describe("the board's team on /review", () => {
  it("shows a finance member the finance pages only, and no moderation tabs", async () => {
    const api = fakeApi({ getCurrentUser: () => as("finance") });
    renderInApp(<ReviewPage />, { pathname: "/review", token: "token-1" });
    expect(await screen.findByText("Nothing to review in your role")).toBeVisible();
    expect(screen.getByRole("link", { name: /Invoices and payment terms/ })).toBeVisible();
    expect(screen.getByRole("link", { name: /Revenue by month/ })).toBeVisible();
    expect(screen.queryByRole("link", { name: /Imports from/ })).toBeNull();
    expect(screen.queryByRole("link", { name: /The board's team/ })).toBeNull();
    expect(screen.queryByRole("tab")).toBeNull();
    expect(api.of("getModerationCounts")).toEqual([]);
  });

  it("tells an editor /review/team is not for their role, and asks nothing", async () => {
    const api = fakeApi({ getCurrentUser: () => as("editor") });
    renderInApp(<ReviewTeamPage />, { pathname: "/review/team", token: "token-1" });
    expect(await screen.findByRole("heading", { name: "Not for your role" })).toBeVisible();
    expect(api.of("getBoardTeam")).toEqual([]);
  });

  it("lists the team for an owner and invites in a dialog, refusals by their field", async () => {
    const user = userEvent.setup();
    let calls = 0;
    const api = fakeApi({
      getCurrentUser: () => as("owner"),
      getBoardTeam: () => TEAM,
      inviteToBoard: () => {
        calls += 1;
        return calls === 1
          ? refuse(422, "Check the fields", { email: ["Enter an email address"] })
          : {
              team: {
                ...TEAM.team,
                invitations: [
                  {
                    id: 9,
                    email: "ed@board.example",
                    role: "editor",
                    invited_by: "Olive Owner",
                    sent_at: "2026-12-01T09:00:00.000Z",
                    expires_at: "2026-12-08T09:00:00.000Z",
                    expired: false,
                  },
                ],
              },
            };
      },
    });
    renderInApp(<ReviewTeamPage />, { pathname: "/review/team", token: "token-1" });
    const members = await screen.findByRole("list", { name: "Members" });
    expect(members).toHaveTextContent("Fin Ance");
    expect(within(members).getByRole("combobox", { name: "Role of Fin Ance" })).toHaveValue(
      "finance",
    );

    await user.click(screen.getByRole("button", { name: "Invite someone" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Invite someone to the board’s team",
    });
    const email = within(dialog).getByRole("textbox", { name: "Email address" });
    await user.type(email, "ed@board.example");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Role" }), "Editor");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Enter an email address/));
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    const waiting = await screen.findByRole("list", { name: "Invitations waiting" });
    expect(within(waiting).getByRole("listitem")).toHaveTextContent(/^ed@board\.example\s*Editor/);
    expect(api.of("inviteToBoard").map(({ body }) => body)).toEqual([
      { invitation: { email: "ed@board.example", role: "editor" } },
      { invitation: { email: "ed@board.example", role: "editor" } },
    ]);
  });

  it("resends an invitation from its row (a new link) and shows a refusal there", async () => {
    const user = userEvent.setup();
    const late = {
      id: 9,
      email: "ed@board.example",
      role: "editor" as const,
      invited_by: "Olive Owner",
      sent_at: "2026-11-01T09:00:00.000Z",
      expires_at: "2026-11-08T09:00:00.000Z",
      expired: true,
    };
    let calls = 0;
    const api = fakeApi({
      getCurrentUser: () => as("owner"),
      getBoardTeam: () => ({ team: { ...TEAM.team, invitations: [late] } }),
      resendBoardInvitation: () => {
        calls += 1;
        return calls === 1
          ? refuse(409, "The board sent 20 invitations in the last 24 hours: send more tomorrow")
          : { team: { ...TEAM.team, invitations: [{ ...late, expired: false }] } };
      },
    });
    renderInApp(<ReviewTeamPage />, { pathname: "/review/team", token: "token-1" });
    const waiting = await screen.findByRole("list", { name: "Invitations waiting" });
    expect(waiting).toHaveTextContent("Expired");
    const resend = within(waiting).getByRole("button", {
      name: /^Resend\s*the invitation to ed@board\.example$/,
    });
    await user.click(resend);
    expect(await within(waiting).findByRole("alert")).toHaveTextContent("send more tomorrow");
    await user.click(resend);
    await waitFor(() => expect(waiting).not.toHaveTextContent("Expired"));
    expect(api.of("resendBoardInvitation").map(({ params }) => params)).toEqual([
      { invitationId: "9" },
      { invitationId: "9" },
    ]);
  });
});
