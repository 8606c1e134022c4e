import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ImportSource, SourcePreview } from "@/features/imports/hooks/use-imports";
import ImportsPage from "@/pages/listings/imports";
import { fakeApi, refuse, type SentRequest } from "@/tests/components/fake-api";
import { renderInApp } from "@/tests/render";
import { SEED_OFFER } from "@/tests/support/seed-offer";

/*
 * Jobs imported from an applicant tracking system (issue 46) on /listings/imports: a board's
 * preview with its counts, sample and skipped jobs; its name refused beside its field; choices
 * that ask for the preview again; the import; a source's report, pause and removal. The API is
 * the app's own client against a fake fetch that holds to lib/api's schemas.
 */

const at = "2026-11-20T09:00:00.000Z";

const rules = (change: Partial<ImportSource["rules"]> = {}): ImportSource["rules"] => ({
  departments: {},
  types: {},
  remote_countries: null,
  only_departments: [],
  only_locations: [],
  only_countries: [],
  ...change,
});

function preview(change: Partial<SourcePreview> = {}): SourcePreview {
  return {
    ats: "greenhouse",
    board: "acme",
    company_name: "Acme Studio",
    company_site: null,
    total: 6,
    importable: 3,
    sample: [
      {
        external_id: "101",
        title: "Video Editor",
        department: "design",
        region: "europe",
        type: "full-time",
        location: "Berlin",
        salary_min: 60_000,
        salary_max: 80_000,
        salary_currency: "EUR",
        salary_period: "year",
      },
      {
        external_id: "102",
        title: "Growth Marketer",
        department: "marketing",
        region: "united-states",
        type: "contractor",
        location: "New York",
        salary_min: null,
        salary_max: null,
        salary_currency: "USD",
        salary_period: "year",
      },
    ],
    skipped: [
      {
        external_id: "201",
        title: "Remote Producer",
        reason: "needs_countries",
        message: "Remote, naming no country: choose the countries it hires in",
      },
      {
        external_id: "202",
        title: "Remote Writer",
        reason: "needs_countries",
        message: "Remote, naming no country: choose the countries it hires in",
      },
      {
        external_id: "203",
        title: "Chef",
        reason: "unknown_department",
        message: "“Kitchen” is none of the board's departments",
      },
    ],
    departments: [
      { name: "Design", jobs: 3, mapped: "design" },
      { name: "Marketing", jobs: 2, mapped: "marketing" },
      { name: "Kitchen", jobs: 1, mapped: null },
    ],
    types: [{ name: "Full-time", jobs: 6, mapped: "full-time" }],
    locations: [
      { name: "Berlin", jobs: 2 },
      { name: "Remote", jobs: 3 },
      { name: "New York", jobs: 1 },
    ],
    countries: [
      { code: "DE", name: "Germany", jobs: 2 },
      { code: "US", name: "United States", jobs: 1 },
    ],
    ...change,
  };
}

function source(change: Partial<ImportSource> = {}): ImportSource {
  return {
    id: 7,
    ats: "greenhouse",
    board: "acme",
    plan: "standard",
    rules: rules(),
    status: "active",
    paused_reason: null,
    reviewed: true,
    live_listings: 4,
    last_run_at: at,
    last_success_at: at,
    next_run_at: "2026-11-20T10:00:00.000Z",
    failures: 0,
    last_error: null,
    last_report: {
      at,
      added: 2,
      changed: 1,
      ended: 0,
      unchanged: 1,
      skipped: [
        {
          external_id: "203",
          title: "Chef",
          reason: "unknown_department",
          message: "“Kitchen” is none of the board's departments",
        },
      ],
      not_modified: false,
      without_credit: 1,
    },
    created_at: at,
    ...change,
  };
}

const balance = { credits: { by_plan: { sponsored: 2 }, next_expiry: null, on_hold: 0 } };

afterEach(() => vi.restoreAllMocks());

const renderImports = () =>
  renderInApp(<ImportsPage />, { pathname: "/listings/imports", token: "token-1" });

/** Types a board's name and asks for its preview. */
async function previewBoard(user: ReturnType<typeof userEvent.setup>, board = "acme") {
  const form = await screen.findByRole("form", { name: "Your applicant tracking system" });
  await user.type(within(form).getByRole("textbox", { name: "Your board's name" }), board);
  await user.click(within(form).getByRole("button", { name: "Preview" }));
  return form;
}

/** A button's name: its words, then the sr-only words that say which source ("Pause acme"). */
const named = (words: string, which = "Greenhouse: acme") => new RegExp(`^${words}\\s*${which}$`);

const bodies = (requests: SentRequest[]) => requests.map((request) => request.body);

describe("/listings/imports", () => {
  it("previews a board: whose it is, its counts, the first jobs as listed, and why others are left out", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getOffer: () => SEED_OFFER,
      listImports: () => ({ sources: [] }),
      previewImport: () => preview(),
      getCreditBalance: () => balance,
    });
    renderImports();

    const form = await screen.findByRole("form", { name: "Your applicant tracking system" });
    const ats = within(form).getByRole("combobox", { name: "Applicant tracking system" });
    const board = within(form).getByRole("textbox", { name: "Your board's name" });
    // The hint under the name follows the ATS, and describes the field.
    expect(board).toHaveAccessibleDescription(
      "The name in boards.greenhouse.io/<name> or job-boards.greenhouse.io/<name>",
    );
    await user.selectOptions(ats, "Lever (EU)");
    expect(board).toHaveAccessibleDescription("The name in jobs.eu.lever.co/<name>");
    await user.selectOptions(ats, "Greenhouse");

    // By keyboard: type the name, Enter sends the form.
    await user.type(board, " Acme {Enter}");
    const choices = await screen.findByRole("form", {
      name: "Import choices for Greenhouse: acme",
    });
    expect(choices).toHaveTextContent("Acme Studio on Greenhouse: 6 jobs, 3 would be imported");
    const sample = within(choices).getAllByRole("list")[0]!;
    expect(
      within(sample)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Video EditorDesignEuropeFull-time€60k – €80k a year",
      "Growth MarketerMarketingUnited StatesContractor",
    ]);
    expect(choices).toHaveTextContent("Left out: 3 jobs");
    expect(choices).toHaveTextContent("Needs countries (2)");
    expect(choices).toHaveTextContent(
      "Remote Producer: Remote, naming no country: choose the countries it hires in",
    );
    expect(choices).toHaveTextContent("Department not recognised (1)");
    expect(choices).toHaveTextContent("Chef: “Kitchen” is none of the board's departments");
    expect(within(choices).getByRole("button", { name: "Import 3 jobs" })).toBeEnabled();
    expect(bodies(api.of("previewImport"))).toEqual([
      { ats: "greenhouse", board: " Acme ", rules: rules() },
    ]);
    expect(api.problems).toEqual([]);
  });

  it("says a board with no jobs under the name's field, not in a toast", async () => {
    const user = userEvent.setup();
    const toasted = vi.spyOn(toast, "error");
    fakeApi({
      getOffer: () => SEED_OFFER,
      listImports: () => ({ sources: [] }),
      previewImport: () =>
        refuse(422, "Check the fields", { board: ["No jobs found: check the name"] }),
    });
    renderImports();
    const form = await previewBoard(user, "acme-typo");
    const board = within(form).getByRole("textbox", { name: "Your board's name" });
    await waitFor(() => expect(board).toHaveAccessibleDescription("No jobs found: check the name"));
    expect(board).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("form", { name: /^Import choices/ })).toBeNull();
    expect(toasted).not.toHaveBeenCalled();
  });

  it("asks for the preview again as choices change, then imports with them; the source is listed", async () => {
    const user = userEvent.setup();
    let imported = false;
    const api = fakeApi({
      getOffer: () => SEED_OFFER,
      listImports: () => ({
        sources: imported ? [source({ reviewed: false, live_listings: 0 })] : [],
      }),
      previewImport: ({ body }) => {
        const sent = body as { rules: ImportSource["rules"] };
        if (sent.rules.remote_countries) return preview({ importable: 5, skipped: [] });
        if (sent.rules.only_departments.length) return preview({ importable: 2 });
        return preview();
      },
      getCreditBalance: () => balance,
      addImport: () => {
        imported = true;
        return { source: source({ reviewed: false, live_listings: 0 }) };
      },
    });
    renderImports();
    await previewBoard(user);
    const choices = await screen.findByRole("form", {
      name: "Import choices for Greenhouse: acme",
    });

    const departments = within(choices).getByRole("group", { name: "Departments to take" });
    expect(departments).toHaveAccessibleDescription("None ticked: every department.");
    await user.click(within(departments).getByRole("checkbox", { name: "Design (3)" }));
    // The hint says what the ticks take now (issue 61).
    expect(departments).toHaveAccessibleDescription("Only jobs in Design are taken.");
    await waitFor(() =>
      expect(choices).toHaveTextContent("Acme Studio on Greenhouse: 6 jobs, 2 would be imported"),
    );
    expect(within(choices).getByRole("button", { name: "Import 2 jobs" })).toBeInTheDocument();

    // The countries of remote jobs that name none: a region ticked, and a code typed.
    const countries = within(choices).getByRole("group", {
      name: "Countries for remote jobs that name none",
    });
    await user.click(within(countries).getByRole("checkbox", { name: "Canada" }));
    await waitFor(() =>
      expect(choices).toHaveTextContent("Acme Studio on Greenhouse: 6 jobs, 5 would be imported"),
    );
    const others = within(choices).getByRole("textbox", { name: "Other countries" });
    await user.type(others, "us, zz");
    await user.tab();
    expect(others).toHaveAccessibleDescription("Not a two-letter country code: ZZ");
    await user.clear(others);
    await user.type(others, "us");
    await user.tab();

    // A department the board does not recognise is read as one of the board's (the table is
    // open, as a job was skipped for it); the others show how they read.
    const words = within(choices).getByRole("group", { name: "Departments" });
    expect(within(words).getByRole("combobox", { name: "Design (3)" })).toHaveDisplayValue(
      "As read: Design",
    );
    await user.selectOptions(
      within(words).getByRole("combobox", { name: "Kitchen (1)" }),
      "Operations",
    );

    // The plan: Sponsored spends credits; none of Featured are left.
    const plan = within(choices).getByRole("group", { name: "Plan of the imported listings" });
    expect(plan).toHaveTextContent("Your credits: 2 Sponsored credits.");
    await user.click(within(plan).getByRole("radio", { name: "Featured: one credit each" }));
    expect(plan).toHaveTextContent(
      "You have no Featured credits left: the jobs will be posted as Standard.",
    );
    await user.click(within(plan).getByRole("radio", { name: "Sponsored: one credit each" }));
    expect(plan).toHaveTextContent(
      "Each listing spends one credit; once they run out, the rest are posted as Standard.",
    );

    await user.click(within(choices).getByRole("button", { name: "Import 5 jobs" }));
    const boards = await screen.findByRole("region", { name: "Boards you import" });
    const card = within(boards).getByRole("region", { name: "Greenhouse: acme" });
    expect(card).toHaveTextContent("Waiting for review: a moderator looks at your first import.");
    expect(screen.queryByRole("form", { name: /^Import choices/ })).toBeNull();

    expect(
      bodies(api.of("previewImport")).map((body) => (body as { rules: unknown }).rules),
    ).toEqual([
      rules(),
      rules({ only_departments: ["design"] }),
      rules({ only_departments: ["design"], remote_countries: ["CA"] }),
      rules({ only_departments: ["design"], remote_countries: ["CA", "US"] }),
      rules({
        only_departments: ["design"],
        remote_countries: ["CA", "US"],
        departments: { kitchen: "operations" },
      }),
    ]);
    expect(bodies(api.of("addImport"))).toEqual([
      {
        ats: "greenhouse",
        board: "acme",
        plan: "sponsored",
        rules: rules({
          only_departments: ["design"],
          remote_countries: ["CA", "US"],
          departments: { kitchen: "operations" },
        }),
      },
    ]);
    expect(api.problems).toEqual([]);
  });

  it("says a board imported already under the Import button", async () => {
    const user = userEvent.setup();
    fakeApi({
      getOffer: () => SEED_OFFER,
      listImports: () => ({ sources: [] }),
      previewImport: () => preview(),
      getCreditBalance: () => balance,
      addImport: () => refuse(409, "Another company imports this board already"),
    });
    renderImports();
    await previewBoard(user);
    const choices = await screen.findByRole("form", {
      name: "Import choices for Greenhouse: acme",
    });
    await user.click(within(choices).getByRole("button", { name: "Import 3 jobs" }));
    expect(await within(choices).findByRole("alert")).toHaveTextContent(
      "Another company imports this board already",
    );
  });

  it("shows a source's last run, a paused one's reason and its failure, and resumes it", async () => {
    const user = userEvent.setup();
    let paused = true;
    const pausedSource = () =>
      source({
        status: "paused",
        paused_reason:
          "Paused after 3 failed runs in a row. The last said: Greenhouse did not answer",
        failures: 3,
        last_error: "Greenhouse did not answer",
        next_run_at: null,
      });
    const api = fakeApi({
      getOffer: () => SEED_OFFER,
      listImports: () => ({ sources: [paused ? pausedSource() : source()] }),
      changeImport: () => {
        paused = false;
        return { source: source() };
      },
    });
    renderImports();
    const card = await screen.findByRole("region", { name: "Greenhouse: acme" });
    expect(card).toHaveTextContent("Paused");
    expect(card).toHaveTextContent(
      "Paused: Paused after 3 failed runs in a row. The last said: Greenhouse did not answer",
    );
    expect(within(card).getByRole("alert")).toHaveTextContent(
      "Last run failed: Greenhouse did not answer",
    );
    expect(card).toHaveTextContent("4 live listings");
    expect(card).toHaveTextContent("2 added, 1 changed, 0 ended, 1 unchanged, 1 skipped");
    expect(card).toHaveTextContent("1 posted as Standard: no credit left.");
    // The skipped jobs are behind a disclosure, with why.
    const details = within(card).getByText("See the 1 job skipped");
    await user.click(details);
    expect(card).toHaveTextContent("Department not recognised (1)");

    await user.click(within(card).getByRole("button", { name: named("Resume") }));
    await waitFor(() => expect(within(card).getByRole("status")).toHaveTextContent("Resumed."));
    expect(await within(card).findByRole("button", { name: named("Pause") })).toBeVisible();
    expect(card).toHaveTextContent("Next run");
    expect(bodies(api.of("changeImport"))).toEqual([{ status: "active" }]);
    expect(api.of("changeImport")[0]?.params).toEqual({ sourceId: "7" });
    expect(api.problems).toEqual([]);
  });

  it("says when a run found nothing new, runs one now, and waits for that one's report", async () => {
    const user = userEvent.setup();
    // A run ended a second before "Run now" (the server's clock, ahead of this tab's): it is not
    // the run asked for, which starts after the server took the request, and reports later.
    const before = new Date(Date.now() + 60_000).toISOString();
    const asked = new Date(Date.now() + 61_000).toISOString();
    const after = new Date(Date.now() + 62_000).toISOString();
    let ranAgain = false;
    const api = fakeApi({
      getOffer: () => SEED_OFFER,
      listImports: () => ({
        sources: [
          ranAgain && api.of("listImports").length > 3
            ? source({ last_run_at: after, last_report: { ...source().last_report!, at: after } })
            : source({
                last_run_at: before,
                last_report: { ...source().last_report!, not_modified: true, without_credit: 0 },
              }),
        ],
      }),
      runImport: () => {
        ranAgain = true;
        return { queued: true, asked_at: asked };
      },
    });
    renderImports();
    const card = await screen.findByRole("region", { name: "Greenhouse: acme" });
    expect(card).toHaveTextContent("No change since the last run");
    await user.click(within(card).getByRole("button", { name: named("Run now") }));
    await waitFor(() =>
      expect(within(card).getByRole("status")).toHaveTextContent(
        "Queued: the board is read within a minute.",
      ),
    );
    expect(api.of("runImport")[0]?.params).toEqual({ sourceId: "7" });
    // The page asks again until the run asked for has reported.
    await waitFor(() => expect(card).toHaveTextContent("2 added, 1 changed"), { timeout: 15_000 });
    expect(api.problems).toEqual([]);
  }, 30_000);

  it("edits a source's choices from a fresh preview", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getOffer: () => SEED_OFFER,
      listImports: () => ({ sources: [source({ rules: rules({ only_locations: ["berlin"] }) })] }),
      previewImport: () => preview({ importable: 2 }),
      getCreditBalance: () => balance,
      changeImport: ({ body }) => ({
        source: source(body as Partial<ImportSource>),
      }),
    });
    renderImports();
    const card = await screen.findByRole("region", { name: "Greenhouse: acme" });
    const edit = within(card).getByRole("button", {
      name: named("Edit choices", "of Greenhouse: acme"),
    });
    await user.click(edit);
    expect(edit).toHaveAttribute("aria-expanded", "true");
    const choices = await within(card).findByRole("form", { name: "Choices for Greenhouse: acme" });
    const locations = within(choices).getByRole("group", { name: "Locations to take" });
    expect(within(locations).getByRole("checkbox", { name: "Berlin (2)" })).toBeChecked();
    await user.click(within(locations).getByRole("checkbox", { name: "Remote (3)" }));
    await user.click(within(choices).getByRole("button", { name: "Save choices" }));
    await waitFor(() =>
      expect(within(card).getByRole("status")).toHaveTextContent(
        "Choices saved: they apply from the next run.",
      ),
    );
    expect(bodies(api.of("changeImport"))).toEqual([
      { plan: "standard", rules: rules({ only_locations: ["berlin", "remote"] }) },
    ]);
    expect(api.problems).toEqual([]);
  });

  it("takes jobs by country as the board reads them, not by the ATS's words (issue 61)", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      getOffer: () => SEED_OFFER,
      listImports: () => ({ sources: [source()] }),
      previewImport: () => preview({ importable: 2 }),
      getCreditBalance: () => balance,
      changeImport: ({ body }) => ({ source: source(body as Partial<ImportSource>) }),
    });
    renderImports();
    const card = await screen.findByRole("region", { name: "Greenhouse: acme" });
    await user.click(
      within(card).getByRole("button", { name: named("Edit choices", "of Greenhouse: acme") }),
    );
    const choices = await within(card).findByRole("form", { name: "Choices for Greenhouse: acme" });
    // The ATS's location words are no choice of their own any more.
    expect(within(choices).queryByRole("group", { name: "Locations to take" })).toBeNull();
    const countries = within(choices).getByRole("group", { name: "Countries to take" });
    expect(countries).toHaveAccessibleDescription("None ticked: every country.");
    await user.click(within(countries).getByRole("checkbox", { name: "Germany (2)" }));
    expect(countries).toHaveAccessibleDescription("Only jobs in Germany are taken.");
    await user.click(within(choices).getByRole("button", { name: "Save choices" }));
    await waitFor(() => expect(api.of("changeImport")).toHaveLength(1));
    expect(bodies(api.of("changeImport"))).toEqual([
      { plan: "standard", rules: rules({ only_countries: ["DE"] }) },
    ]);
    expect(api.of("previewImport").at(-1)?.body).toMatchObject({
      rules: { only_countries: ["DE"] },
    });
    expect(api.problems).toEqual([]);
  });

  it("asks before it stops importing, saying the live listings are withdrawn", async () => {
    const user = userEvent.setup();
    let removed = false;
    const api = fakeApi({
      getOffer: () => SEED_OFFER,
      listImports: () => ({ sources: removed ? [] : [source()] }),
      removeImport: () => {
        removed = true;
        return { withdrawn: 4 };
      },
    });
    renderImports();
    const card = await screen.findByRole("region", { name: "Greenhouse: acme" });
    await user.click(within(card).getByRole("button", { name: named("Stop importing") }));
    const dialog = await screen.findByRole("dialog", { name: "Stop importing Greenhouse: acme?" });
    expect(dialog).toHaveTextContent("Its 4 live listings are withdrawn from the board now");
    // Focus starts on Keep importing: Enter does not stop it by accident; Escape closes.
    expect(within(dialog).getByRole("button", { name: "Keep importing" })).toHaveFocus();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.of("removeImport")).toHaveLength(0);

    await user.click(within(card).getByRole("button", { name: named("Stop importing") }));
    const again = await screen.findByRole("dialog", { name: "Stop importing Greenhouse: acme?" });
    await user.click(within(again).getByRole("button", { name: "Stop importing" }));
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Greenhouse: acme" })).toBeNull(),
    );
    expect(api.of("removeImport")[0]?.params).toEqual({ sourceId: "7" });
    expect(api.problems).toEqual([]);
  });

  it("tells a recruiter that imports are for the owner and admins, without toasting", async () => {
    const toasted = vi.spyOn(toast, "error");
    const api = fakeApi({ listImports: () => refuse(403, "Only the owner and admins") });
    renderImports();
    expect(
      await screen.findByRole("heading", { name: "Only the owner and admins manage imports" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("form")).toBeNull();
    expect(toasted).not.toHaveBeenCalled();
    expect(api.problems).toEqual([]);
  });
});
