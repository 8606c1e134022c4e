import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "@/hooks/use-current-user";
import type {
  DirectoryCard,
  DirectoryPage,
  DirectoryProfile,
  SentInvitation,
} from "@/features/directory/hooks/use-directory";
import type { CompanyRole } from "@/lib/auth/company-roles";
import type { OwnListing } from "@/features/listings/types";
import { NO_LIVE_LISTING } from "@/features/directory/directory";
import CandidatesPage from "@/pages/listings/candidates";
import CandidateProfilePage from "@/pages/listings/candidates/[key]";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import { renderInApp } from "@/tests/render";

/*
 * The candidate directory as employers use it (issue 47): /listings/candidates's search kept in
 * the address (its form filled from it, sent without blanks), its results, counts, allowances
 * and pages, the refusals of a company that cannot search yet, and the invitations sent; a
 * profile on /listings/candidates/{key} with what it cost, the invite form and its refusals
 * beside the field or above the button, a viewer's disabled form, and a profile not found. The
 * API is the app's own client against a fake fetch that holds to lib/api's schemas.
 */

const at = "2026-11-20T09:00:00.000Z";
const KEY = "0123456789abcdef0123";
const quota = (limit: number, used: number) => ({
  limit,
  used,
  left: limit - used,
  resets_at: "2026-11-21T00:00:00.000Z",
});

function employer(role: CompanyRole = "recruiter"): CurrentUser {
  return {
    id: 2,
    email: "rae@reel.example",
    avatar_url: null,
    full_name: "Rae Recruiter",
    headline: null,
    bio: null,
    location: null,
    website_url: null,
    linkedin_url: null,
    skills: [],
    open_to_work: false,
    profile_visibility: "hidden",
    invitations_open: true,
    email_news: false,
    created_at: at,
    is_moderator: false,
    board_role: null,
    board_areas: [],
    company: { name: "Reel Studio", slug: "reel-studio", role },
  };
}

function card(change: Partial<DirectoryCard> = {}): DirectoryCard {
  return {
    key: KEY,
    name: "Cam Creator",
    avatar_url: null,
    headline: "Video editor for YouTube channels",
    location: "Lisbon",
    skills: ["Premiere Pro", "After Effects"],
    open_to_work: true,
    departments: ["design"],
    regions: ["europe"],
    types: ["full-time"],
    salary_min: 60_000,
    active_within: 7,
    viewed_today: false,
    ...change,
  };
}

function page(change: Partial<DirectoryPage> = {}): DirectoryPage {
  return {
    profiles: [
      card(),
      card({
        key: "fedcba9876543210fedc",
        name: "Dee Designer",
        headline: null,
        location: null,
        open_to_work: false,
        active_within: null,
        viewed_today: true,
        skills: [],
      }),
    ],
    total: 41,
    page: 2,
    page_count: 3,
    corrected_q: null,
    facets: { department: { design: 12, marketing: 3 }, region: { europe: 9 }, type: {} },
    withheld: 0,
    views: quota(200, 13),
    invitations: quota(20, 2),
    ...change,
  };
}

function sent(change: Partial<SentInvitation> = {}): SentInvitation {
  return {
    id: 51,
    candidate: { key: KEY, name: "Cam Creator" },
    job: { id: 70, title: "Senior Video Editor" },
    message: "Hi Cam",
    status: "sent",
    decline_reason: null,
    invited_by: "Rae Recruiter",
    created_at: at,
    answered_at: null,
    ...change,
  };
}

function profile(change: Partial<DirectoryProfile> = {}): DirectoryProfile {
  return {
    ...card(),
    bio: "Ten years of cutting.\n\n  Mostly gaming   channels.",
    website_url: "https://cam.example",
    linkedin_url: "https://www.linkedin.com/in/cam",
    remote_only: true,
    invitable: true,
    invitations: [],
    applied_job_ids: [],
    ...change,
  };
}

function listing(id: number, title: string, state: OwnListing["state"]): OwnListing {
  return {
    id,
    slug: `${id}-${title.toLowerCase().replace(/\W+/g, "-")}`,
    title,
    company_name: "Reel Studio",
    plan: "standard",
    state,
    payment_status: "paid",
    submitted_at: at,
    published_at: state === "live" ? at : null,
    expires_at: null,
    rejection_reason: null,
    closed_at: null,
    renewable: false,
    needs_countries: false,
    applicants: null,
    edit: null,
  };
}

const listings = {
  listings: [
    listing(70, "Senior Video Editor", "live"),
    listing(71, "Thumbnail Designer", "live"),
    listing(72, "Old Role", "expired"),
    listing(73, "Draft Role", "in_review"),
  ],
};

afterEach(() => vi.restoreAllMocks());

const renderDirectory = (address = "/listings/candidates") =>
  renderInApp(<CandidatesPage />, { pathname: address, token: "token-1" });

const renderProfile = (key = KEY) =>
  renderInApp(<CandidateProfilePage />, {
    pathname: `/listings/candidates/[key]?key=${key}`,
    token: "token-1",
  });

describe("/listings/candidates", () => {
  it("fills the search from the address, asks for it, and shows the results with counts and allowances", async () => {
    const api = fakeApi({ searchDirectory: () => page({ corrected_q: "video editor" }) });
    renderDirectory(
      "/listings/candidates?q=vidoe+editor&department=design&pay=80000&active=30&page=2&utm_source=x",
    );

    const form = await screen.findByRole("search", { name: "Search candidates" });
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/listings/candidates");
    expect(within(form).getByRole("searchbox", { name: "Keyword" })).toHaveValue("vidoe editor");
    expect(within(form).getByRole("combobox", { name: "Role" })).toHaveValue("design");
    expect(within(form).getByRole("combobox", { name: "Location" })).toHaveValue("");
    expect(within(form).getByRole("spinbutton", { name: "Pays up to (USD a year)" })).toHaveValue(
      80_000,
    );
    expect(within(form).getByRole("combobox", { name: "Signed in" })).toHaveValue("30");

    const results = await screen.findByRole("list", { name: "Candidates" });
    expect(api.of("searchDirectory").map((request) => request.query)).toEqual([
      { q: "vidoe editor", department: "design", pay: "80000", active: "30", page: "2" },
    ]);
    // Counts beside the choices, once the answer has come.
    await waitFor(() =>
      expect(within(form).getByRole("option", { name: "Design (12)" })).toBeInTheDocument(),
    );
    expect(screen.getByText(/^41 candidates/).parentElement).toHaveTextContent(
      "41 candidates · Showing results for video editor",
    );
    expect(screen.getByRole("list", { name: "Left today" })).toHaveTextContent(
      "187 of 200 candidates left today18 of 20 invitations left today",
    );

    const [cam, dee] = within(results).getAllByRole("article");
    expect(within(cam!).getByRole("link", { name: "Cam Creator" })).toHaveAttribute(
      "href",
      `/listings/candidates/${KEY}`,
    );
    expect(cam).toHaveTextContent("Video editor for YouTube channels");
    expect(cam).toHaveTextContent("Lisbon");
    expect(cam).toHaveTextContent("Open to work");
    expect(cam).toHaveTextContent("Active within 7 days");
    expect(within(cam!).getByRole("list", { name: "Skills" })).toHaveTextContent(
      "Premiere ProAfter Effects",
    );
    expect(cam).toHaveTextContent("Looking for: Design, Europe, Full-time");
    expect(cam).toHaveTextContent("From $60k a year");
    expect(cam).not.toHaveTextContent("Viewed today");
    expect(dee).toHaveTextContent("Viewed today");
    expect(dee).not.toHaveTextContent("Open to work");

    // The pages keep the search, and leave page 1 out of its address.
    const pages = screen.getByRole("navigation", { name: "Pagination" });
    expect(within(pages).getByRole("link", { name: "← Previous" })).toHaveAttribute(
      "href",
      "/listings/candidates?q=vidoe+editor&department=design&pay=80000&active=30",
    );
    expect(within(pages).getByRole("link", { name: "Next →" })).toHaveAttribute(
      "href",
      "/listings/candidates?q=vidoe+editor&department=design&pay=80000&active=30&page=3",
    );
    expect(pages).toHaveTextContent("Page 2 of 3");
    expect(api.problems).toEqual([]);
  });

  it("says how many candidates of a page the day's allowance withheld, and when it starts again", async () => {
    fakeApi({
      searchDirectory: () => page({ profiles: [card()], withheld: 19, views: quota(200, 200) }),
    });
    renderDirectory("/listings/candidates?page=11");
    const note = await screen.findByText(/more candidates are on this page/);
    expect(note).toHaveTextContent(
      /^19 more candidates are on this page\. Your company has seen 200 candidates today, in search or opened, as many as a day allows: more from .+ \(midnight UTC\)\. Candidates seen today still show and open\.$/,
    );
    expect(screen.getAllByRole("article")).toHaveLength(1);
    expect(screen.queryByRole("heading", { name: "No candidate matches" })).not.toBeInTheDocument();
  });

  it("sends a new search to its address without the blank fields, from page 1", async () => {
    const user = userEvent.setup();
    fakeApi({ searchDirectory: () => page() });
    const { pushes } = renderDirectory("/listings/candidates?q=editor&page=2");
    const form = await screen.findByRole("search", { name: "Search candidates" });
    const keyword = within(form).getByRole("searchbox", { name: "Keyword" });
    await user.clear(keyword);
    await user.type(keyword, "motion designer");
    await user.selectOptions(
      within(form).getByRole("combobox", { name: "Type of work" }),
      "contractor",
    );
    await user.click(within(form).getByRole("button", { name: "Search" }));
    expect(pushes).toEqual(["/listings/candidates?q=motion+designer&type=contractor"]);
  });

  it("says what the API found wrong in the address's search", async () => {
    // The address as it is goes to the API to judge (no schema is loaded in the browser), which
    // refuses it by its contract with the field's message.
    const api = fakeApi({});
    renderDirectory("/listings/candidates?active=12");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Check the search:Choose 7, 30 or 90 days",
    );
    expect(api.problems).toEqual(["searchDirectory refused its query ?active=12"]);
  });

  it("tells a company with no live listing yet what opens the directory", async () => {
    fakeApi({ searchDirectory: () => refuse(403, NO_LIVE_LISTING) });
    renderDirectory();
    expect(await screen.findByText(`${NO_LIVE_LISTING}.`)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Post a job" })).toHaveAttribute("href", "/submit");
    expect(screen.queryByRole("search")).toBeNull();
  });

  it("tells someone in no company where a company comes from", async () => {
    fakeApi({
      searchDirectory: () =>
        refuse(404, "You are not in a company on the board: your first listing makes one"),
    });
    renderDirectory();
    expect(await screen.findByRole("heading", { name: "No company yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Post a job" })).toHaveAttribute("href", "/submit");
  });

  it("lists the invitations sent, with their answers, in their tab", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      searchDirectory: () => page(),
      listSentInvitations: () => ({
        invitations: [
          sent(),
          sent({
            id: 50,
            candidate: null,
            job: { id: 71, title: "Thumbnail Designer" },
            status: "declined",
            decline_reason: "Not this year",
            invited_by: null,
            answered_at: "2026-11-21T09:00:00.000Z",
          }),
        ],
        invitations_today: quota(20, 2),
      }),
    });
    renderDirectory();
    await screen.findByRole("list", { name: "Candidates" });
    expect(api.of("listSentInvitations")).toEqual([]);

    const tab = screen.getByRole("tab", { name: "Invitations sent" });
    await user.click(tab);
    expect(tab).toHaveAttribute("aria-selected", "true");
    const list = await screen.findByRole("list", { name: "Invitations sent" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByRole("link", { name: "Cam Creator" })).toHaveAttribute(
      "href",
      `/listings/candidates/${KEY}`,
    );
    expect(first).toHaveTextContent("For Senior Video Editor");
    expect(first).toHaveTextContent("Sent Nov 20, 2026 by Rae Recruiter");
    expect(first).toHaveTextContent("Waiting for an answer");
    expect(within(second!).queryByRole("link")).toBeNull();
    expect(second).toHaveTextContent("A candidate whose profile is gone");
    expect(second).toHaveTextContent("Declined");
    expect(second).toHaveTextContent("answered Nov 21, 2026");
    expect(second).toHaveTextContent("Their reason: Not this year");
    expect(screen.getByRole("tabpanel", { name: "Invitations sent" })).toHaveTextContent(
      "18 of 20 invitations left today",
    );
    expect(api.problems).toEqual([]);
  });
});

describe("/listings/candidates/{key}", () => {
  it("shows the profile (never an address), what opening it cost, and invites to a live listing", async () => {
    const user = userEvent.setup();
    const toasted = vi.spyOn(toast, "success");
    const api = fakeApi({
      openDirectoryProfile: () => ({
        profile: profile(),
        views: quota(200, 14),
        invitations: quota(20, 2),
      }),
      getCurrentUser: () => employer("recruiter"),
      listOwnListings: () => listings,
      inviteCandidate: ({ body }) => ({
        invitation: sent({ message: (body as { message: string }).message }),
        invitations_today: quota(20, 3),
      }),
    });
    renderProfile();

    expect(await screen.findByRole("heading", { level: 1, name: "Cam Creator" })).toBeVisible();
    expect(
      screen.getByText(
        "Each candidate your company sees today, in search or opened, is one of the day's 200; seeing them again today is free. 186 of 200 candidates left today.",
      ),
    ).toBeInTheDocument();
    const details = screen.getByRole("article", { name: "Cam Creator's profile" });
    expect(details).not.toHaveTextContent("@");
    expect(details).toHaveTextContent("Remote only");
    expect(within(details).getByText(/^Ten years/).textContent).toBe(
      "Ten years of cutting.\n\n  Mostly gaming   channels.",
    );
    for (const name of ["Website", "LinkedIn"]) {
      const link = within(details).getByRole("link", { name });
      expect(link.getAttribute("rel")?.split(" ")).toEqual(
        expect.arrayContaining(["nofollow", "noopener"]),
      );
    }

    const form = await screen.findByRole("form", { name: "Invite Cam Creator to apply" });
    const job = within(form).getByRole("combobox", { name: "Job" });
    // Only the live listings.
    expect(
      within(job)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Choose a listing", "Senior Video Editor", "Thumbnail Designer"]);
    const message = within(form).getByRole("textbox", { name: "Your message" });
    expect(message).toHaveAccessibleDescription("500 of 500 characters left");

    // Sent empty, it is refused beside each field before anything leaves.
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));
    await waitFor(() =>
      expect(job).toHaveAccessibleDescription("Choose one of your live listings"),
    );
    expect(message).toHaveAccessibleDescription("Write a short message");
    expect(api.of("inviteCandidate")).toEqual([]);

    await user.selectOptions(job, "Senior Video Editor");
    await user.type(message, "Hi Cam,\nwe think you fit.");
    expect(message).toHaveAccessibleDescription("475 of 500 characters left");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));

    const ours = await screen.findByRole("list", { name: "Your invitations to Cam Creator" });
    expect(ours).toHaveTextContent("Senior Video Editor");
    expect(ours).toHaveTextContent("Waiting for an answer");
    expect(api.of("inviteCandidate").map((request) => [request.path, request.body])).toEqual([
      [
        `/api/company/talent/${KEY}/invitations`,
        { job_id: 70, message: "Hi Cam,\nwe think you fit." },
      ],
    ]);
    await waitFor(() => expect(toasted).toHaveBeenCalledWith("Invitation sent to Cam Creator"));
    await waitFor(() => expect(message).toHaveValue(""));
    // Opened once: the profile is not asked for again, which would not cost but is not needed.
    expect(api.of("openDirectoryProfile")).toHaveLength(1);
    expect(api.problems).toEqual([]);
  });

  it("says the server's refusals beside the message, or above the button in plain words", async () => {
    const user = userEvent.setup();
    const toasted = vi.spyOn(toast, "error");
    const refusals = [
      refuse(422, "Check the fields", { message: ["Keep the message under 500 characters"] }),
      refuse(409, "You invited Cam Creator to this job already"),
      refuse(429, "Your company has sent its 20 invitations for today"),
    ];
    fakeApi({
      openDirectoryProfile: () => ({
        profile: profile(),
        views: quota(200, 14),
        invitations: quota(20, 20),
      }),
      getCurrentUser: () => employer("admin"),
      listOwnListings: () => listings,
      inviteCandidate: () => refusals.shift()!,
    });
    renderProfile();
    const form = await screen.findByRole("form", { name: "Invite Cam Creator to apply" });
    const message = within(form).getByRole("textbox", { name: "Your message" });
    await user.selectOptions(within(form).getByRole("combobox", { name: "Job" }), "70");
    await user.type(message, "Hello");
    const send = within(form).getByRole("button", { name: "Send invitation" });

    await user.click(send);
    await waitFor(() =>
      expect(message).toHaveAccessibleDescription("Keep the message under 500 characters"),
    );
    expect(message).toHaveAttribute("aria-invalid", "true");

    await user.click(send);
    expect(await within(form).findByRole("alert")).toHaveTextContent(
      "You invited Cam Creator to this job already",
    );

    await user.click(send);
    await waitFor(() =>
      expect(within(form).getByRole("alert")).toHaveTextContent(
        /^Your company has sent its 20 invitations for today\. You can invite again from .+\.$/,
      ),
    );
    expect(toasted).not.toHaveBeenCalled();
  });

  it("shows a viewer the form disabled, and why", async () => {
    fakeApi({
      openDirectoryProfile: () => ({
        profile: profile(),
        views: quota(200, 14),
        invitations: quota(20, 2),
      }),
      getCurrentUser: () => employer("viewer"),
      listOwnListings: () => listings,
    });
    renderProfile();
    const form = await screen.findByRole("form", { name: "Invite Cam Creator to apply" });
    expect(form).toHaveTextContent(
      "As a viewer you can read profiles but not invite: a recruiter, an admin or the owner of your company can.",
    );
    expect(within(form).getByRole("combobox", { name: "Job" })).toBeDisabled();
    expect(within(form).getByRole("textbox", { name: "Your message" })).toBeDisabled();
    expect(within(form).getByRole("button", { name: "Send invitation" })).toBeDisabled();
  });

  it("says why there is no form for a candidate who takes no invitations", async () => {
    fakeApi({
      openDirectoryProfile: () => ({
        profile: profile({
          invitable: false,
          invitations: [sent({ status: "declined", decline_reason: "No thanks" })],
        }),
        views: quota(200, 14),
        invitations: quota(20, 2),
      }),
      getCurrentUser: () => employer(),
      listOwnListings: () => listings,
    });
    renderProfile();
    const section = await screen.findByRole("region", { name: "Invite to apply" });
    expect(section).toHaveTextContent(
      "Cam Creator is not taking invitations to apply from your company at the moment.",
    );
    expect(screen.queryByRole("form")).toBeNull();
    expect(screen.getByRole("list", { name: "Your invitations to Cam Creator" })).toHaveTextContent(
      "Their reason: No thanks",
    );
  });

  it("says a profile the company may not see is not found, as is a malformed address", async () => {
    const api = fakeApi({ openDirectoryProfile: () => refuse(404, "Candidate not found") });
    const { unmount } = renderProfile();
    expect(await screen.findByRole("heading", { name: "No such candidate" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Search candidates" })).toHaveAttribute(
      "href",
      "/listings/candidates",
    );
    unmount();
    renderProfile("not-a-key");
    expect(await screen.findByRole("heading", { name: "No such candidate" })).toBeInTheDocument();
    expect(api.of("openDirectoryProfile")).toHaveLength(1);
  });

  it("says when the day's views are used, and when they start again", async () => {
    fakeApi({
      openDirectoryProfile: () => refuse(429, "Your company has opened its 200 profiles for today"),
    });
    renderProfile();
    expect(
      await screen.findByRole("heading", { name: "Today's candidates are used" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Your company has opened its 200 profiles for today\. They start again at/),
    ).toHaveTextContent(
      /\(midnight UTC\); candidates your company saw today open again for free\.$/,
    );
  });
});
