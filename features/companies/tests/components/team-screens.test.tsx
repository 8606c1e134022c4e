import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ActivityScreen } from "@/features/companies/components/activity-list";
import { JoinInvitation } from "@/features/companies/components/join-invitation";
import { TeamScreen } from "@/features/companies/components/team-screen";
import type { ActivityPage, Team } from "@/features/companies/hooks/use-team";
import { apiClient } from "@/lib/api-client";
import type { CompanyRole } from "@/lib/auth/company-roles";
import { renderInApp } from "@/tests/render";

/*
 * The team's screens (issue 44): what each role is offered on /listings/team, the refusals the
 * server gives shown beside what was pressed, the activity's pages, and /join reading its token
 * from the fragment and sending it only in the bodies of its two POSTs.
 */

const at = "2026-11-20T09:00:00.000Z";

function team(role: CompanyRole, change: Partial<Team> = {}): Team {
  const you = { owner: 1, admin: 2, recruiter: 3, viewer: 4 }[role];
  const member = (id: number, name: string, memberRole: CompanyRole) => ({
    id,
    name,
    email: `${name.toLowerCase()}@studio.example`,
    avatar_url: null,
    role: memberRole,
    joined_at: at,
    is_you: id === you,
  });
  return {
    company: { id: 7, name: "Reel Studio", slug: "reel-studio" },
    you: { member_id: you, role, applicant_mail: "own" },
    members: [
      member(1, "Olive", "owner"),
      member(2, "Ada", "admin"),
      member(3, "Sam", "recruiter"),
      member(4, "Vic", "viewer"),
    ],
    invitations:
      role === "owner" || role === "admin"
        ? [
            {
              id: 11,
              email: "new@studio.example",
              role: "recruiter",
              invited_by: "Olive",
              sent_at: at,
              expires_at: "2026-11-27T09:00:00.000Z",
              expired: false,
            },
            {
              id: 12,
              email: "late@studio.example",
              role: "viewer",
              invited_by: "Olive",
              sent_at: at,
              expires_at: "2026-11-27T09:00:00.000Z",
              expired: true,
            },
          ]
        : [],
    limits: { members_max: 50, invitations_left_today: 18 },
    ...change,
  };
}

const answering = (answer: Team | null) =>
  vi
    .spyOn(apiClient, "get")
    .mockImplementation(async () =>
      answer ? { team: answer } : Promise.reject({ error: "No company", code: "not_found" }),
    );

const rowOf = (name: string) =>
  screen
    .getAllByRole("listitem")
    .find((item) => within(item).queryByText(name, { exact: false }) !== null)!;

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe("the team page", () => {
  it("gives the owner a role select (no owner in it), Remove and, on admins, Hand over", async () => {
    const user = userEvent.setup();
    answering(team("owner"));
    const patch = vi
      .spyOn(apiClient, "patch")
      .mockResolvedValue({ team: team("owner", { members: team("owner").members }) });
    renderInApp(<TeamScreen />, { pathname: "/listings/team", token: "t" });

    const members = await screen.findByRole("list", { name: "Members" });
    expect(within(members).getByText("(you)").parentElement).toHaveTextContent("Olive (you)");
    const olive = within(members).getAllByRole("listitem")[0]!;
    // The owner's own row: a badge, nothing to press.
    expect(within(olive).queryAllByRole("button")).toEqual([]);

    const sam = rowOf("sam@studio.example");
    const role = within(sam).getByLabelText("Role of Sam");
    expect(
      within(role)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Admin", "Recruiter", "Viewer"]);
    expect(within(sam).queryByRole("button", { name: "Save role" })).not.toBeInTheDocument();
    await user.selectOptions(role, "viewer");
    await user.click(within(sam).getByRole("button", { name: "Save role" }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith("/company/members/3", { member: { role: "viewer" } }),
    );

    expect(
      within(rowOf("ada@studio.example")).getByRole("button", { name: /^Hand over\s*to Ada$/ }),
    ).toBeInTheDocument();
    expect(within(sam).queryByRole("button", { name: /Hand over/ })).not.toBeInTheDocument();

    // Remove asks first, saying what cannot be undone.
    const remove = vi.spyOn(apiClient, "delete").mockResolvedValue({ team: team("owner") });
    await user.click(within(sam).getByRole("button", { name: /^Remove\s*Sam$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Remove Sam from the team?" });
    expect(dialog).toHaveTextContent("This cannot be undone");
    await user.click(within(dialog).getByRole("button", { name: "Remove from the team" }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith("/company/members/3"));
    // The owner hands over rather than leaves.
    expect(screen.queryByRole("button", { name: "Leave the company" })).not.toBeInTheDocument();
  });

  it("lets an admin manage everyone but the owner, with roles up to admin", async () => {
    answering(team("admin"));
    renderInApp(<TeamScreen />, { pathname: "/listings/team", token: "t" });
    await screen.findByRole("list", { name: "Members" });
    expect(within(rowOf("olive@studio.example")).queryAllByRole("button")).toEqual([]);
    expect(
      within(rowOf("sam@studio.example")).getByRole("button", { name: /^Remove\s*Sam$/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Hand over/ })).not.toBeInTheDocument();
    const invited = screen.getByLabelText("Role");
    expect(
      within(invited)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Admin", "Recruiter", "Viewer"]);
    expect(screen.getByRole("button", { name: "Leave the company" })).toBeInTheDocument();
  });

  it("shows a recruiter the team read-only, and the roles' descriptions", async () => {
    answering(team("recruiter"));
    renderInApp(<TeamScreen />, { pathname: "/listings/team", token: "t" });
    const members = await screen.findByRole("list", { name: "Members" });
    expect(within(members).queryAllByRole("button")).toEqual([]);
    expect(screen.queryByRole("form", { name: "Invite someone" })).not.toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Pending invitations" })).not.toBeInTheDocument();
    expect(screen.getByText(/Reads listings, applicants and statistics/)).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /For the listings I posted/ })).toBeChecked();
  });

  it("puts a refused address by its field, and a 409's sentence under the button", async () => {
    const user = userEvent.setup();
    answering(team("owner"));
    const post = vi
      .spyOn(apiClient, "post")
      .mockRejectedValueOnce({
        error: "Check the fields",
        code: "invalid_input",
        errors: { email: ["Enter an email address like sam@company.com"] },
      })
      .mockRejectedValueOnce({
        error: "new@studio.example is already invited: send that invitation again instead",
        code: "conflict",
      });
    renderInApp(<TeamScreen />, { pathname: "/listings/team", token: "t" });
    const form = await screen.findByRole("form", { name: "Invite someone" });
    const email = within(form).getByLabelText("Email address");
    await user.type(email, "nope");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription("Enter an email address like sam@company.com"),
    );
    expect(post).toHaveBeenLastCalledWith("/company/invitations", {
      invitation: { email: "nope", role: "recruiter" },
    });
    await user.clear(email);
    await user.type(email, "new@studio.example");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("is already invited");
  });

  it("says when an invitation's link expired, with Resend and Withdraw", async () => {
    answering(team("owner"));
    renderInApp(<TeamScreen />, { pathname: "/listings/team", token: "t" });
    const pending = await screen.findByRole("list", { name: "Pending invitations" });
    const late = within(pending)
      .getAllByRole("listitem")
      .find((item) => item.textContent?.includes("late@"))!;
    expect(late).toHaveTextContent("Expired Nov 27, 2026");
    expect(
      within(late).getByRole("button", {
        name: /^Resend\s*the invitation to late@studio\.example$/,
      }),
    ).toBeInTheDocument();
    expect(
      within(late).getByRole("button", {
        name: /^Withdraw\s*the invitation to late@studio\.example$/,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/6 of 50 places taken/)).toBeInTheDocument();
  });

  it("says where a company comes from to someone in none", async () => {
    answering(null);
    renderInApp(<TeamScreen />, { pathname: "/listings/team", token: "t" });
    expect(await screen.findByRole("heading", { name: "No team yet" })).toBeInTheDocument();
    expect(screen.getByText(/made with your first listing/)).toBeInTheDocument();
  });
});

describe("the activity page", () => {
  it("lists entries newest first and asks for older ones with the cursor", async () => {
    const user = userEvent.setup();
    const first: ActivityPage = {
      entries: [
        {
          id: 9,
          at,
          actor: "Sam",
          action: "applicant.moved",
          text: "Moved Ada Lovelace to Interview on Video Editor",
          href: "/listings/5/applicants?applicant=3",
        },
        {
          id: 8,
          at,
          actor: null,
          action: "listing.expired",
          text: "Video Editor ended",
          href: null,
        },
      ],
      next_before: 8,
    };
    const older: ActivityPage = {
      entries: [
        { id: 2, at, actor: "Olive", action: "member.invited", text: "Invited sam@", href: null },
      ],
      next_before: null,
    };
    const get = vi
      .spyOn(apiClient, "get")
      .mockImplementation(async (_path, config) =>
        (config?.params as { before?: number } | undefined)?.before === 8 ? older : first,
      );
    renderInApp(<ActivityScreen />, { pathname: "/listings/activity", token: "t" });
    const list = await screen.findByRole("list", { name: "Activity, newest first" });
    expect(within(list).getByRole("link", { name: /Moved Ada Lovelace/ })).toHaveAttribute(
      "href",
      "/listings/5/applicants?applicant=3",
    );
    expect(list).toHaveTextContent("The board");
    await user.click(screen.getByRole("button", { name: "Older" }));
    expect(await within(list).findByText("Invited sam@")).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith("/company/activity", { params: { before: 8 } });
    expect(screen.queryByRole("button", { name: "Older" })).not.toBeInTheDocument();
  });

  it("tells a recruiter or viewer it is for the owner and admins", async () => {
    vi.spyOn(apiClient, "get").mockRejectedValue({ error: "Your role…", code: "forbidden" });
    renderInApp(<ActivityScreen />, { pathname: "/listings/activity", token: "t" });
    expect(
      await screen.findByRole("heading", { name: "Only the owner and admins see the activity" }),
    ).toBeInTheDocument();
  });
});

describe("the join page", () => {
  const token = "a".repeat(20) + "-_" + "B".repeat(21);

  it("takes the token out of the address and sends it only in the POST bodies", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", `/join#${token}`);
    const post = vi.spyOn(apiClient, "post").mockImplementation(async (path) =>
      path === "/invitations/preview"
        ? {
            invitation: {
              company_name: "Reel Studio",
              role: "recruiter",
              email: "sam@studio.example",
              for_you: true,
              invited_by: "Olive",
              expires_at: "2026-11-27T09:00:00.000Z",
            },
          }
        : { team: team("recruiter") },
    );
    vi.spyOn(apiClient, "get").mockResolvedValue({
      email: "sam@studio.example",
      company: null,
    });
    const { pushes } = renderInApp(<JoinInvitation />, { pathname: "/join", token: "t" });
    const accept = await screen.findByRole("button", { name: "Accept and join Reel Studio" });
    expect(document.body).toHaveTextContent("Join Reel Studio as Recruiter");
    expect(window.location.href).not.toContain(token);
    expect(window.sessionStorage.getItem("join-invitation")).toBe(token);
    expect(screen.getByText("Olive")).toBeInTheDocument();
    await user.click(accept);
    await waitFor(() => expect(pushes).toEqual(["/listings/team"]));
    expect(post.mock.calls).toEqual([
      ["/invitations/preview", { token }],
      ["/invitations/accept", { token }],
    ]);
    expect(window.sessionStorage.getItem("join-invitation")).toBeNull();
  });

  it("shows the server's sentence for a link that expired", async () => {
    window.history.replaceState(null, "", `/join#${token}`);
    vi.spyOn(apiClient, "post").mockRejectedValue({
      error: "This invitation expired: ask for a new one",
      code: "gone",
    });
    vi.spyOn(apiClient, "get").mockResolvedValue({ email: "sam@studio.example", company: null });
    renderInApp(<JoinInvitation />, { pathname: "/join", token: "t" });
    expect(await screen.findByRole("alert")).toHaveTextContent("This invitation expired");
    expect(screen.queryByRole("button", { name: /Accept/ })).not.toBeInTheDocument();
  });

  it("asks someone signed in with another address to sign in with the invited one", async () => {
    window.history.replaceState(null, "", `/join#${token}`);
    vi.spyOn(apiClient, "post").mockResolvedValue({
      invitation: {
        company_name: "Reel Studio",
        role: "viewer",
        email: "s•••@studio.example",
        for_you: false,
        invited_by: null,
        expires_at: "2026-11-27T09:00:00.000Z",
      },
    });
    vi.spyOn(apiClient, "get").mockResolvedValue({ email: "other@mail.example", company: null });
    renderInApp(<JoinInvitation />, { pathname: "/join", token: "t" });
    expect(
      await screen.findByText("Sign in with the account of s•••@studio.example to accept it."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Accept/ })).not.toBeInTheDocument();
  });

  it("explains the invitation and offers Google's sign-in to someone signed out", async () => {
    window.history.replaceState(null, "", `/join#${token}`);
    const post = vi.spyOn(apiClient, "post");
    renderInApp(<JoinInvitation />, { pathname: "/join" });
    expect(await screen.findByRole("button", { name: "Continue with Google" })).toBeInTheDocument();
    expect(screen.getByText(/Someone invited you/)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});
