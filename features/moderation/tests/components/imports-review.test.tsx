import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ModeratorImportSource } from "@/features/imports/hooks/use-imports";
import ReviewImportsPage from "@/pages/review/imports";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import { renderInApp } from "@/tests/render";
import { moderatorUser } from "@/tests/fixtures/moderator";

/*
 * The moderators' imports (issue 46) on /review/imports: every source with its company, a first
 * import approved, a source paused with a reason and resumed, a board imported for a company.
 */

const at = "2026-11-20T09:00:00.000Z";

function source(change: Partial<ModeratorImportSource> = {}): ModeratorImportSource {
  return {
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
    last_report: {
      at,
      added: 5,
      changed: 0,
      ended: 0,
      unchanged: 0,
      skipped: [],
      not_modified: false,
      without_credit: 0,
    },
    created_at: at,
    company: { id: 3, name: "Acme Studio", slug: "acme-studio" },
    members: 2,
    claim: {
      ats_company_name: "Acme",
      ats_site: "acme.example",
      company_website: "https://www.acme.example",
      claimed_from: "acme.example",
      competing: [],
    },
    ...change,
  };
}

/** A source as a change answers it: without its company and claim. */
const plain = ({ company, members, claim, ...rest }: ModeratorImportSource) => {
  void company;
  void members;
  void claim;
  return rest;
};

const lever = source({
  id: 8,
  ats: "lever",
  board: "northwind",
  reviewed: true,
  live_listings: 12,
  failures: 2,
  last_error: "Lever did not answer in time",
  company: { id: 4, name: "Northwind", slug: "northwind" },
  members: 0,
});

const moderator = moderatorUser({ created_at: at });

afterEach(() => vi.restoreAllMocks());

const renderPage = () =>
  renderInApp(<ReviewImportsPage />, { pathname: "/review/imports", token: "token-1" });

/** A source's row, by its company's name in the first cell. */
const rowOf = (company: string) =>
  screen
    .getAllByRole("row")
    .find((row) => row.querySelector("td")?.textContent?.startsWith(company))!;

describe("/review/imports", () => {
  it("lists every source with its company, a first import to review on its own page", async () => {
    const api = fakeApi({
      getCurrentUser: () => moderator,
      listAllImports: () => ({ sources: [source(), lever] }),
    });
    renderPage();

    const table = await screen.findByRole("region", { name: "Import sources" });
    // It scrolls sideways on a phone, by keyboard too.
    expect(table).toHaveAttribute("tabindex", "0");
    const acme = rowOf("Acme Studio");
    expect(within(acme).getByRole("link", { name: "Acme Studio" })).toHaveAttribute(
      "href",
      "/companies/acme-studio",
    );
    expect(acme).toHaveTextContent("Greenhouse: acme");
    expect(acme).toHaveTextContent("Waiting for review");
    expect(acme).toHaveTextContent("5 added, 0 changed, 0 ended, 0 unchanged, 0 skipped");
    const north = rowOf("Northwind");
    expect(north).toHaveTextContent("No account yet");
    expect(north).toHaveTextContent("Reviewed");
    expect(north).toHaveTextContent("2 failed runs: Lever did not answer in time");
    expect(within(north).queryByRole("link", { name: /^Review first import/ })).toBeNull();

    // No approval from the list, blind (issue 61): the import's listings are read first.
    expect(within(acme).queryByRole("button", { name: /Approve/ })).toBeNull();
    expect(
      within(acme).getByRole("link", { name: /^Review first import\s*of Greenhouse: acme/ }),
    ).toHaveAttribute("href", "/review/imports/7");
    expect(api.of("approveImport")).toEqual([]);
    expect(api.problems).toEqual([]);
  });

  it("shows what supports each claim to a board, and the other companies claiming it", async () => {
    const rival = source({
      id: 9,
      company: { id: 5, name: "Copycat Ltd", slug: "copycat" },
      claim: {
        ats_company_name: "Acme",
        ats_site: "acme.example",
        company_website: "https://copycat.example",
        claimed_from: "gmail.com",
        competing: [
          {
            source_id: 7,
            company: { id: 3, name: "Acme Studio", slug: "acme-studio" },
            reviewed: false,
          },
        ],
      },
    });
    fakeApi({
      getCurrentUser: () => moderator,
      listAllImports: () => ({
        sources: [
          source({
            claim: {
              ...source().claim,
              competing: [
                {
                  source_id: 9,
                  company: { id: 5, name: "Copycat Ltd", slug: "copycat" },
                  reviewed: false,
                },
              ],
            },
          }),
          rival,
        ],
      }),
    });
    renderInApp(<ReviewImportsPage />, { pathname: "/review/imports", token: "t" });
    const table = await screen.findByRole("table", { name: /Import sources/ });
    const [acme, copycat] = within(table).getAllByRole("row").slice(1);
    expect(acme).toHaveTextContent(
      "The board names Acme; its jobs are on acme.example; the company's site is acme.example; claimed from an address at acme.example.",
    );
    expect(acme).toHaveTextContent("Also claimed by Copycat Ltd");
    expect(copycat).toHaveTextContent(
      "the company's site is copycat.example; claimed from an address at gmail.com.",
    );
    expect(copycat).toHaveTextContent("Also claimed by Acme Studio");
  });

  it("pauses a source with the reason its company reads, and resumes it", async () => {
    const user = userEvent.setup();
    let state: "active" | "paused" = "active";
    const api = fakeApi({
      getCurrentUser: () => moderator,
      listAllImports: () => ({
        sources: [
          state === "paused"
            ? source({ status: "paused", paused_reason: "Jobs are copies of another board's" })
            : source(),
        ],
      }),
      setImportStatus: ({ body }) => {
        state = (body as { status: "active" | "paused" }).status;
        return { source: plain(source({ status: state })) };
      },
    });
    renderPage();
    await screen.findByRole("region", { name: "Import sources" });
    await user.click(
      within(rowOf("Acme Studio")).getByRole("button", { name: /^Pause\s*Greenhouse: acme/ }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: "Pause Greenhouse: acme (Acme Studio)?",
    });
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    // A reason is asked for.
    await user.click(within(dialog).getByRole("button", { name: "Pause" }));
    const reason = within(dialog).getByRole("textbox", { name: "Why it is paused" });
    expect(reason).toHaveAccessibleDescription("Say why it is paused");
    expect(api.of("setImportStatus")).toHaveLength(0);
    await user.type(reason, "Jobs are copies of another board's");
    await user.click(within(dialog).getByRole("button", { name: "Pause" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() =>
      expect(rowOf("Acme Studio")).toHaveTextContent("Jobs are copies of another board's"),
    );

    await user.click(
      within(rowOf("Acme Studio")).getByRole("button", { name: /^Resume\s*Greenhouse: acme/ }),
    );
    await waitFor(() => expect(rowOf("Acme Studio")).not.toHaveTextContent("Paused"));
    expect(api.of("setImportStatus").map((request) => request.body)).toEqual([
      { status: "paused", reason: "Jobs are copies of another board's" },
      { status: "active" },
    ]);
    expect(api.problems).toEqual([]);
  });

  it("imports a board for a new company, its refusals beside their fields", async () => {
    const user = userEvent.setup();
    let calls = 0;
    const api = fakeApi({
      getCurrentUser: () => moderator,
      listAllImports: () => ({ sources: [] }),
      addImportForCompany: () => {
        calls += 1;
        return calls === 1
          ? refuse(422, "Check the fields", {
              board: ["No jobs found: check the name"],
              "company.website": ["This website does not answer"],
            })
          : { source: plain(source({ ats: "ashby", board: "reelhouse" })) };
      },
    });
    renderPage();
    // The form loads when asked for.
    await user.click(await screen.findByRole("button", { name: "Import a board for a company" }));
    const form = await screen.findByRole("form", { name: "Import a board for a company" });
    await user.selectOptions(
      within(form).getByRole("combobox", { name: "Applicant tracking system" }),
      "Ashby",
    );
    const board = within(form).getByRole("textbox", { name: "Board's name" });
    expect(board).toHaveAccessibleDescription("The name in jobs.ashbyhq.com/<name>");
    await user.type(board, "reelhose");
    await user.click(
      within(form).getByRole("radio", { name: "A new company, with no account yet" }),
    );
    await user.type(within(form).getByRole("textbox", { name: "Company name" }), "Reelhouse");
    const website = within(form).getByRole("textbox", { name: "Website" });
    await user.type(website, "https://reelhose.example");
    await user.click(within(form).getByRole("button", { name: "Import the board" }));
    await waitFor(() => expect(board).toHaveAccessibleDescription("No jobs found: check the name"));
    expect(website).toHaveAccessibleDescription("This website does not answer");

    await user.clear(board);
    await user.type(board, "reelhouse");
    await user.clear(website);
    await user.type(website, "https://reelhouse.example");
    await user.click(within(form).getByRole("button", { name: "Import the board" }));
    await waitFor(() =>
      expect(screen.getAllByRole("status").at(0)).toHaveTextContent(
        "Import added: Ashby: reelhouse. Its board is read now.",
      ),
    );
    expect(api.of("addImportForCompany").at(-1)?.body).toEqual({
      ats: "ashby",
      board: "reelhouse",
      company: { name: "Reelhouse", website: "https://reelhouse.example" },
      plan: "standard",
      rules: {
        departments: {},
        types: {},
        remote_countries: null,
        only_departments: [],
        only_locations: [],
        only_countries: [],
      },
    });
    expect(api.problems).toEqual([]);
  });

  it("tells anyone else it is for moderators", async () => {
    fakeApi({ getCurrentUser: () => ({ ...moderator, is_moderator: false }) });
    renderPage();
    expect(await screen.findByRole("heading", { name: "For moderators only" })).toBeInTheDocument();
  });
});
