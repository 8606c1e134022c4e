import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SaveSearchControl } from "@/features/saved-searches/components/save-search-control";
import { SavedSearchList } from "@/features/saved-searches/components/saved-searches-section";
import { savedSearchesKey } from "@/features/saved-searches/hooks/use-saved-searches";
import { apiClient } from "@/lib/api-client";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import type { JobFilters } from "@/features/jobs/filters";
import { createQueryClient } from "@/lib/query-client";
import type { SavedSearch } from "@/features/saved-searches/types";
import { renderInApp } from "@/tests/render";

/*
 * Saved searches' screens (issue 29): the board's "Save this search" (a sign-in link in the
 * cached HTML, the dialog for someone signed in, "Saved" once it is theirs) and /preferences'
 * list (each search's results, its frequency saved as it is chosen, deletion after asking).
 */

const search = (id: number, change: Partial<SavedSearch> = {}): SavedSearch => ({
  id,
  q: "video editor",
  department: "design",
  region: "remote",
  type: null,
  salary_min: null,
  alert_frequency: "daily",
  label: "“video editor” in Design, Remote",
  url: "/?q=video+editor&department=design&region=remote",
  created_at: "2026-11-20T09:00:00.000Z",
  ...change,
});

const filters = (change: Partial<JobFilters> = {}): JobFilters => ({
  page: 1,
  per_page: 20,
  ...change,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the board's Save this search", () => {
  it("is a link to sign in and come back, in the HTML everyone gets", () => {
    renderInApp(
      <SaveSearchControl
        basePath="/departments/design"
        filters={filters({ q: "video editor", department: "design", page: 3 })}
        fixed="department"
      />,
      { pathname: "/departments/[department]" },
    );
    const link = screen.getByRole("link", { name: "Save this search" });
    expect(link).toHaveAttribute(
      "href",
      `/sign-in?next=${encodeURIComponent("/departments/design?q=video+editor#save-search")}`,
    );
    expect(link).toHaveAttribute("rel", "nofollow");
  });

  it("is not there without a keyword or a filter", () => {
    renderInApp(<SaveSearchControl basePath="/" filters={filters({ page: 2 })} />);
    expect(screen.queryByText("Save this search")).not.toBeInTheDocument();
  });

  it("opens the dialog for someone signed in, saves, and then says where to manage it", async () => {
    const user = userEvent.setup();
    const queryClient = createQueryClient();
    const empty: ApiAnswer<"listSavedSearches"> = { saved_searches: [] };
    queryClient.setQueryData(savedSearchesKey, empty);
    vi.spyOn(apiClient, "get").mockResolvedValue(empty);
    const post = vi
      .spyOn(apiClient, "post")
      .mockResolvedValue({ saved_search: search(7, { alert_frequency: "weekly" }) });
    renderInApp(
      <SaveSearchControl
        basePath="/"
        filters={filters({ q: "video editor", department: "design", region: "remote" })}
      />,
      { token: "token-1", queryClient },
    );
    await user.click(await screen.findByRole("button", { name: "Save this search" }));
    const dialog = await screen.findByRole("dialog", { name: "Save this search" });
    expect(dialog).toHaveTextContent("“video editor” in Design, Remote");
    expect(within(dialog).getByRole("radio", { name: "Daily" })).toBeChecked();
    await user.click(within(dialog).getByRole("radio", { name: "Weekly" }));
    await user.click(within(dialog).getByRole("button", { name: "Save search" }));

    expect(post).toHaveBeenCalledWith("/saved_searches", {
      q: "video editor",
      department: "design",
      region: "remote",
      alert_frequency: "weekly",
    });
    const saved = await screen.findByRole("link", { name: "Saved — manage on Preferences" });
    expect(saved).toHaveAttribute("href", "/preferences");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("says Saved at once for a search the person keeps already", async () => {
    const queryClient = createQueryClient();
    const kept: ApiAnswer<"listSavedSearches"> = {
      saved_searches: [search(3, { q: "Video  Editor" })],
    };
    queryClient.setQueryData(savedSearchesKey, kept);
    vi.spyOn(apiClient, "get").mockResolvedValue(kept);
    renderInApp(
      <SaveSearchControl
        basePath="/regions/remote"
        filters={filters({ q: "video editor", department: "design", region: "remote" })}
        fixed="region"
      />,
      { token: "token-1", queryClient },
    );
    expect(
      await screen.findByRole("link", { name: "Saved — manage on Preferences" }),
    ).toBeInTheDocument();
  });

  it("shows the API's refusal in the dialog (the cap of saved searches)", async () => {
    const user = userEvent.setup();
    const queryClient = createQueryClient();
    const empty: ApiAnswer<"listSavedSearches"> = { saved_searches: [] };
    queryClient.setQueryData(savedSearchesKey, empty);
    vi.spyOn(apiClient, "get").mockResolvedValue(empty);
    vi.spyOn(apiClient, "post").mockRejectedValue({
      error: "Some fields are invalid",
      code: "invalid_input",
      errors: { body: ["You can keep up to 20 saved searches. Delete one on Preferences."] },
    });
    renderInApp(<SaveSearchControl basePath="/" filters={filters({ type: "contractor" })} />, {
      token: "token-1",
      queryClient,
    });
    await user.click(await screen.findByRole("button", { name: "Save this search" }));
    const dialog = await screen.findByRole("dialog", { name: "Save this search" });
    await user.click(within(dialog).getByRole("button", { name: "Save search" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "You can keep up to 20 saved searches.",
    );
  });
});

describe("/preferences' saved searches", () => {
  it("lists each search with its results' link and its frequency, which it saves when changed", async () => {
    const user = userEvent.setup();
    const patch = vi
      .spyOn(apiClient, "patch")
      .mockResolvedValue({ saved_search: search(1, { alert_frequency: "never" }) });
    renderInApp(
      <SavedSearchList
        searches={[
          search(1),
          search(2, {
            q: null,
            type: "contractor",
            label: "Contractor",
            url: "/?type=contractor",
            alert_frequency: "weekly",
          }),
        ]}
      />,
      { pathname: "/preferences", token: "token-1" },
    );
    const rows = screen.getAllByRole("listitem");
    expect(
      within(rows[0]!).getByRole("link", { name: "“video editor” in Design, Remote" }),
    ).toHaveAttribute("href", "/?q=video+editor&department=design&region=remote");
    expect(within(rows[0]!).getByText("Saved Nov 20, 2026")).toBeInTheDocument();
    expect(within(rows[1]!).getByRole("combobox", { name: "Email new matches" })).toHaveValue(
      "weekly",
    );

    await user.selectOptions(
      within(rows[0]!).getByRole("combobox", { name: "Email new matches" }),
      "never",
    );
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith("/saved_searches/1", { alert_frequency: "never" }),
    );
  });

  it("deletes a search only once asked", async () => {
    const user = userEvent.setup();
    const remove = vi.spyOn(apiClient, "delete").mockResolvedValue({ id: 1, deleted: true });
    renderInApp(<SavedSearchList searches={[search(1)]} />, {
      pathname: "/preferences",
      token: "token-1",
    });
    const del = screen.getByRole("button", { name: /^Delete ?the saved search/ });
    await user.click(del);
    const dialog = await screen.findByRole("dialog", {
      name: "Delete the saved search “video editor” in Design, Remote?",
    });
    await user.click(within(dialog).getByRole("button", { name: "Keep it" }));
    expect(remove).not.toHaveBeenCalled();

    await user.click(del);
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete it" }),
    );
    await waitFor(() => expect(remove).toHaveBeenCalledWith("/saved_searches/1"));
  });

  it("explains how to save one when there is none", () => {
    renderInApp(<SavedSearchList searches={[]} />, { pathname: "/preferences" });
    expect(screen.getByText("No saved searches yet")).toBeInTheDocument();
    expect(screen.getByText(/press “Save this search” above the results/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Search jobs/ })).toHaveAttribute("href", "/");
  });
});
