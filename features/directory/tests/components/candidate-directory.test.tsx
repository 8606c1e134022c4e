import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OverviewForm } from "@/features/account/components/overview-form";
import type { CurrentUser } from "@/hooks/use-current-user";
import type {
  BlockedCompany,
  ReceivedInvitation,
} from "@/features/directory/hooks/use-job-invitations";
import InvitationsPage from "@/pages/invitations";
import SettingsPage from "@/pages/settings";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import { renderInApp } from "@/tests/render";

/*
 * The candidate's side of the directory (issue 47): on /settings who sees their profile (saved
 * as chosen), whether employers may invite them, the companies that opened it and those they
 * stopped; on /invitations each invitation, accepted on to its application form or declined in
 * a dialog with a reason and the company stopped. The API is the app's own client against a
 * fake fetch that holds to lib/api's schemas.
 */

const at = "2026-11-20T09:00:00.000Z";

function candidate(change: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 5,
    email: "cam@creator.example",
    avatar_url: null,
    full_name: "Cam Creator",
    headline: "Video editor",
    bio: null,
    location: "Lisbon",
    website_url: null,
    linkedin_url: null,
    skills: ["Premiere Pro"],
    open_to_work: true,
    profile_visibility: "hidden",
    invitations_open: true,
    email_news: false,
    created_at: at,
    is_moderator: false,
    board_role: null,
    board_areas: [],
    company: null,
    ...change,
  };
}

const preferences = {
  preferences: {
    departments: [],
    regions: [],
    types: [],
    salary_min: null,
    remote_only: false,
    alert_frequency: "daily" as const,
    time_zone: "UTC",
  },
};

const stopped: BlockedCompany = {
  id: 9,
  name: "Spam Media",
  slug: "spam-media",
  blocked_at: "2026-11-18T10:00:00.000Z",
};

function invitation(change: Partial<ReceivedInvitation> = {}): ReceivedInvitation {
  return {
    id: 31,
    company: { id: 7, name: "Reel Studio", slug: "reel-studio" },
    job: { id: 70, title: "Senior Video Editor", url: "/jobs/70-senior-video-editor", open: true },
    message: "Hi Cam,\n\nWe loved your   reels.\nApply?",
    status: "sent",
    decline_reason: null,
    created_at: at,
    answered_at: null,
    company_blocked: false,
    ...change,
  };
}

afterEach(() => vi.restoreAllMocks());

describe("/settings: who sees the profile", () => {
  it("saves the visibility as it is chosen, and links the talent page once public", async () => {
    const user = userEvent.setup();
    let saved = candidate();
    const api = fakeApi({
      getCurrentUser: () => saved,
      getPreferences: () => preferences,
      updateCurrentUser: ({ body }) => {
        saved = { ...saved, ...(body as { user: Partial<CurrentUser> }).user };
        return saved;
      },
      listProfileViews: () => ({ views: [] }),
      listBlockedCompanies: () => ({ companies: [] }),
    });
    renderInApp(<SettingsPage />, { pathname: "/settings", token: "token-1" });

    const group = await screen.findByRole("radiogroup", { name: "Who can see your profile" });
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((radio) => radio.getAttribute("aria-checked"))).toEqual([
      "false",
      "false",
      "true",
    ]);
    const employers = within(group).getByRole("radio", { name: "Employers only" });
    expect(employers).toHaveAccessibleDescription(
      "Only employers hiring on the board can find and open your profile. It is never on the talent page or in search engines.",
    );
    expect(screen.queryByRole("link", { name: "See the talent page" })).toBeNull();

    await user.click(employers);
    await waitFor(() => expect(employers).toHaveAttribute("aria-checked", "true"));
    // By keyboard: the arrow moves to the next choice, which saves it.
    await user.keyboard("{ArrowUp}");
    const publicChoice = within(group).getByRole("radio", { name: "Public" });
    await waitFor(() => expect(publicChoice).toHaveAttribute("aria-checked", "true"));
    expect(await screen.findByRole("link", { name: "See the talent page" })).toHaveAttribute(
      "href",
      "/talent",
    );
    await waitFor(() =>
      expect(api.of("updateCurrentUser").map((request) => request.body)).toEqual([
        { user: { profile_visibility: "employers" } },
        { user: { profile_visibility: "public" } },
      ]),
    );

    // Invitations to apply: a switch, saved as it is turned.
    const invitations = screen.getByRole("switch", { name: "Employers may invite me to apply" });
    expect(invitations).toBeChecked();
    await user.click(invitations);
    await waitFor(() => expect(invitations).not.toBeChecked());
    expect(api.of("updateCurrentUser").at(-1)?.body).toEqual({
      user: { invitations_open: false },
    });
    expect(api.problems).toEqual([]);
  });

  it("lists the companies that opened the profile and those stopped, and unblocks one", async () => {
    const user = userEvent.setup();
    let blocked = [stopped];
    const api = fakeApi({
      getCurrentUser: () => candidate({ profile_visibility: "employers" }),
      getPreferences: () => preferences,
      listProfileViews: () => ({
        views: [
          {
            company: { name: "Reel Studio", slug: "reel-studio" },
            days: 3,
            last_viewed_at: "2026-11-19T15:30:00.000Z",
          },
          {
            company: { name: "Clip Co", slug: "clip-co" },
            days: 1,
            last_viewed_at: "2026-11-02T08:00:00.000Z",
          },
        ],
      }),
      listBlockedCompanies: () => ({ companies: blocked }),
      unblockCompany: () => {
        blocked = [];
        return { companies: blocked };
      },
    });
    renderInApp(<SettingsPage />, { pathname: "/settings", token: "token-1" });

    const views = await screen.findByRole("list", { name: "Companies that viewed your profile" });
    const rows = within(views).getAllByRole("listitem");
    expect(within(rows[0]!).getByRole("link", { name: "Reel Studio" })).toHaveAttribute(
      "href",
      "/companies/reel-studio",
    );
    expect(rows[0]).toHaveTextContent(/On 3 days · last Nov 19, 2026/);
    expect(rows[1]).toHaveTextContent(/On 1 day · last Nov 2, 2026/);

    const stoppedList = await screen.findByRole("list", { name: "Companies you stopped" });
    expect(stoppedList).toHaveTextContent("Spam MediaStopped Nov 18, 2026");
    await user.click(within(stoppedList).getByRole("button", { name: /^Unblock\s*Spam Media$/ }));
    const section = screen.getByRole("region", { name: "Companies you stopped" });
    await waitFor(() =>
      expect(section).toHaveTextContent(
        "None. When you decline an invitation you can stop its company from finding you.",
      ),
    );
    expect(api.of("unblockCompany").map((request) => request.path)).toEqual([
      "/api/blocked_companies/9",
    ]);
    expect(api.problems).toEqual([]);
  });

  it("says when no company opened the profile lately", async () => {
    const api = fakeApi({
      getCurrentUser: () => candidate(),
      getPreferences: () => preferences,
      listProfileViews: () => ({ views: [] }),
      listBlockedCompanies: () => ({ companies: [] }),
    });
    renderInApp(<SettingsPage />, { pathname: "/settings", token: "token-1" });
    const section = await screen.findByRole("region", {
      name: "Companies that viewed your profile",
    });
    await waitFor(() =>
      expect(section).toHaveTextContent("No company opened your profile in the last 30 days."),
    );
    expect(api.problems).toEqual([]);
  });

  it("says on the profile overview who sees the profile, with the way to change it", async () => {
    fakeApi({});
    renderInApp(<OverviewForm user={candidate({ profile_visibility: "employers" })} />, {
      pathname: "/profile",
      token: "token-1",
    });
    const line = screen.getByText(/^Who sees your profile:/);
    expect(line).toHaveTextContent("Who sees your profile: Employers only. Change in Settings");
    expect(within(line).getByRole("link", { name: "Change in Settings" })).toHaveAttribute(
      "href",
      "/settings#visibility",
    );
  });
});

describe("/invitations", () => {
  const renderPage = () =>
    renderInApp(<InvitationsPage />, { pathname: "/invitations", token: "token-1" });

  it("shows each invitation as sent, and accepting goes on to the application form", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      listReceivedInvitations: () => ({
        invitations: [
          invitation(),
          invitation({
            id: 30,
            job: { id: 60, title: "Producer", url: "/jobs/60-producer", open: false },
            status: "sent",
          }),
          invitation({
            id: 29,
            company: { id: 8, name: "Clip Co", slug: "clip-co" },
            job: { id: 50, title: "Editor", url: "/jobs/50-editor", open: true },
            status: "declined",
            decline_reason: "Not moving this year",
            answered_at: at,
            company_blocked: true,
          }),
        ],
      }),
      acceptJobInvitation: () => ({
        invitation: invitation({ status: "accepted", answered_at: at }),
        apply_url: "/jobs/70-senior-video-editor?apply=invited",
      }),
    });
    const { pushes } = renderPage();

    const list = await screen.findByRole("list", { name: "Your invitations" });
    const [first, closed, declined] = within(list).getAllByRole("article");
    expect(first).toHaveTextContent("Reel Studio invited you on Nov 20, 2026");
    expect(within(first!).getByRole("link", { name: "Senior Video Editor" })).toHaveAttribute(
      "href",
      "/jobs/70-senior-video-editor",
    );
    expect(first).toHaveTextContent("Waiting for an answer");
    // The message as typed: its line breaks and spaces kept, as text.
    expect(within(first!).getByText(/^Hi Cam,/).textContent).toBe(
      "Hi Cam,\n\nWe loved your   reels.\nApply?",
    );
    expect(within(first!).getByText(/^Hi Cam,/)).toHaveClass("whitespace-pre-wrap");

    expect(closed).toHaveTextContent("This job no longer takes applications.");
    expect(within(closed!).queryByRole("button", { name: /Accept and apply/ })).toBeNull();
    expect(within(closed!).getByRole("button", { name: /^Decline/ })).toBeInTheDocument();

    expect(declined).toHaveTextContent("Declined");
    expect(declined).toHaveTextContent("Your reason: Not moving this year");
    expect(declined).toHaveTextContent("You stopped Clip Co");
    expect(within(declined!).queryAllByRole("button")).toEqual([]);

    await user.click(
      within(first!).getByRole("button", { name: /^Accept and apply\s*to Senior Video Editor$/ }),
    );
    await waitFor(() => expect(pushes).toEqual(["/jobs/70-senior-video-editor?apply=invited"]));
    expect(api.of("acceptJobInvitation").map((request) => request.path)).toEqual([
      "/api/job_invitations/31/accept",
    ]);
    expect(api.problems).toEqual([]);
  });

  it("says beside the button when the job closed meanwhile", async () => {
    const user = userEvent.setup();
    fakeApi({
      listReceivedInvitations: () => ({ invitations: [invitation()] }),
      acceptJobInvitation: () => refuse(410, "This job no longer takes applications"),
    });
    const { pushes } = renderPage();
    await user.click(await screen.findByRole("button", { name: /^Accept and apply/ }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This job no longer takes applications",
    );
    expect(pushes).toEqual([]);
  });

  it("declines in a dialog, with a counted reason and the company stopped", async () => {
    const user = userEvent.setup();
    let current = invitation();
    const api = fakeApi({
      listReceivedInvitations: () => ({ invitations: [current] }),
      declineInvitation: ({ body }) => {
        const { reason, stop_company } = body as { reason: string | null; stop_company: boolean };
        current = invitation({
          status: "declined",
          decline_reason: reason,
          answered_at: at,
          company_blocked: stop_company,
        });
        return { invitation: current };
      },
      listBlockedCompanies: () => ({ companies: [] }),
    });
    renderPage();

    await user.click(
      await screen.findByRole("button", {
        name: /^Decline\s*the invitation to Senior Video Editor$/,
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Decline Reel Studio’s invitation?" });
    const reason = within(dialog).getByRole("textbox", { name: "Your reason (optional)" });
    expect(reason).toHaveAccessibleDescription("300 of 300 characters left");
    expect(reason).toHaveAttribute("maxlength", "300");
    await user.type(reason, "Happy where I am");
    expect(reason).toHaveAccessibleDescription("284 of 300 characters left");
    await user.click(
      within(dialog).getByRole("checkbox", { name: /Stop invitations from Reel Studio/ }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.of("declineInvitation").map((request) => request.body)).toEqual([
      { reason: "Happy where I am", stop_company: true },
    ]);
    const card = screen.getByRole("article");
    await waitFor(() => expect(card).toHaveTextContent("Your reason: Happy where I am"));
    expect(card).toHaveTextContent("You stopped Reel Studio");
    expect(within(card).queryByRole("button", { name: /Accept and apply/ })).toBeNull();
    expect(api.problems).toEqual([]);
  });

  it("keeps the dialog open and shows a refused reason under it", async () => {
    const user = userEvent.setup();
    fakeApi({
      listReceivedInvitations: () => ({ invitations: [invitation()] }),
      declineInvitation: () =>
        refuse(422, "Check the fields", { reason: ["The reason must be on one line"] }),
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: /^Decline/ }));
    const dialog = await screen.findByRole("dialog");
    const reason = within(dialog).getByRole("textbox", { name: "Your reason (optional)" });
    await user.type(reason, "No");
    // Escape would close it; Enter in the text area is a new line. The button sends.
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription("The reason must be on one line"),
    );
    expect(reason).toHaveAttribute("aria-invalid", "true");
    // Escape closes it, nothing declined.
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says how employers find the candidate when there is none", async () => {
    fakeApi({ listReceivedInvitations: () => ({ invitations: [] }) });
    renderPage();
    expect(await screen.findByRole("heading", { name: "No invitations yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Who can see your profile" })).toHaveAttribute(
      "href",
      "/settings#visibility",
    );
  });
});
