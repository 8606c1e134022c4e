import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type {
  ImportReview,
  ModeratorImportSource,
  WaitingListing,
} from "@/features/imports/hooks/use-imports";
import ReviewImportPage from "@/pages/review/imports/[sourceId]";
import { fakeApi } from "@/tests/components/fake-api";
import { renderInApp } from "@/tests/render";
import { moderatorUser } from "@/tests/fixtures/moderator";

/*
 * A source's first import reviewed before it is approved (issue 61), on /review/imports/{id}:
 * each waiting listing linked to its preview, as it will read; then a confirmation naming how
 * many go live, and only then the approval.
 */

const at = "2026-11-20T09:00:00.000Z";

const source: ModeratorImportSource = {
  id: 7,
  ats: "greenhouse",
  board: "acme",
  plan: "standard",
  rules: {
    departments: {},
    types: {},
    remote_countries: null,
    only_departments: [],
    only_locations: [],
    only_countries: [],
  },
  status: "active",
  paused_reason: null,
  reviewed: false,
  live_listings: 0,
  last_run_at: at,
  last_success_at: at,
  next_run_at: "2026-11-20T10:00:00.000Z",
  failures: 0,
  last_error: null,
  last_report: null,
  created_at: at,
  company: { id: 3, name: "Acme Studio", slug: "acme-studio" },
  members: 2,
  claim: {
    ats_company_name: "Acme",
    ats_site: null,
    company_website: null,
    claimed_from: "acme.example",
    competing: [],
  },
};

const listing = (id: number, title: string, change: Partial<WaitingListing> = {}) =>
  ({
    id,
    title,
    department: "design",
    region: "united-states",
    type: "full-time",
    location: "Los Angeles, CA",
    salary_min: 60_000,
    salary_max: 80_000,
    salary_currency: "USD",
    salary_period: "year",
    apply_url: `https://job-boards.greenhouse.io/acme/jobs/${id}`,
    description_html: `<p>About ${title}</p>`,
    publishes: true,
    held_because: [],
    ...change,
  }) satisfies WaitingListing;

const moderator = moderatorUser({ created_at: at });

afterEach(() => vi.restoreAllMocks());

const renderPage = () =>
  renderInApp(<ReviewImportPage />, {
    pathname: "/review/imports/[sourceId]?sourceId=7",
    token: "token-1",
  });

describe("/review/imports/{id}", () => {
  it("shows each waiting listing, linked to its preview, and publishes only once confirmed", async () => {
    const user = userEvent.setup();
    let approved = false;
    const waiting = [
      listing(41, "Video Editor"),
      listing(42, "Shorts Producer"),
      listing(43, "Remote Producer", {
        publishes: false,
        held_because: ['Required attribute "applicantLocationRequirements" is missing'],
      }),
    ];
    const api = fakeApi({
      getCurrentUser: () => moderator,
      reviewImport: (): ImportReview =>
        approved
          ? { source: { ...source, reviewed: true }, waiting: waiting.slice(2), publishes: 0 }
          : { source, waiting, publishes: 2 },
      approveImport: () => {
        approved = true;
        return { published: 2 };
      },
    });
    renderPage();

    const list = await screen.findByRole("region", { name: "3 listings waiting" });
    const link = within(list).getByRole("link", { name: "Video Editor" });
    expect(link).toHaveAttribute("href", "#listing-41");
    const preview = document.getElementById("listing-41")!;
    expect(preview).toHaveAccessibleName("Video Editor");
    expect(preview).toHaveTextContent("Los Angeles, CA");
    expect(preview).toHaveTextContent("About Video Editor");
    expect(within(preview).getByRole("link", { name: /Its page on Greenhouse/ })).toHaveAttribute(
      "href",
      "https://job-boards.greenhouse.io/acme/jobs/41",
    );
    expect(document.getElementById("listing-43")).toHaveTextContent(
      "Stays in the review queue: Required attribute",
    );

    // Nothing is published by the first press: a dialog names how many go live.
    await user.click(screen.getByRole("button", { name: "Approve and publish…" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Publish 2 listings from Greenhouse: acme (Acme Studio)?",
    });
    expect(dialog).toHaveTextContent("1 listing stay in the review queue");
    expect(api.of("approveImport")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.of("approveImport")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Approve and publish…" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Publish 2 listings" }),
    );
    await waitFor(() =>
      expect(screen.getAllByRole("status").at(0)).toHaveTextContent(
        "Approved Greenhouse: acme (Acme Studio): 2 listings published.",
      ),
    );
    expect(api.of("approveImport")[0]?.params).toEqual({ sourceId: "7" });
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Approve and publish…" })).toBeNull(),
    );
    expect(api.problems).toEqual([]);
  });

  it("tells anyone but a moderator that it is for moderators", async () => {
    fakeApi({ getCurrentUser: () => ({ ...moderator, is_moderator: false }) });
    renderPage();
    expect(await screen.findByText("For moderators only")).toBeInTheDocument();
  });
});
