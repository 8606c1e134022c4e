import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { TermsBanner } from "@/features/content/components/terms-banner";
import { TermsNotice } from "@/components/layout/terms-notice";
import ReviewLegalPage from "@/pages/review/legal";
import type { ConsoleLegalVersion, PendingTerm } from "@/features/content/legal-schemas";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import { moderatorUser } from "@/tests/fixtures/moderator";
import { renderInApp } from "@/tests/render";

/*
 * The legal documents' screens (issue 64): the banner asking a signed-in person to accept new
 * terms (shown until accepted, dismissible for the session, nothing for a signed-out visitor),
 * and /review/legal, where an editor publishes a new version.
 */

const PRIVACY_V2: PendingTerm = {
  document: "privacy",
  title: "Privacy Policy",
  version: 2,
  published_on: "2026-03-01",
  summary: "We keep applications for fewer days.",
  path: "/pdfs/privacy",
};

afterEach(() => {
  window.sessionStorage.clear();
});

describe("the new terms banner", () => {
  it("shows the pending version with its summary, and is gone once accepted", async () => {
    let accepted = false;
    const api = fakeApi({
      getPendingTerms: () => ({ pending: accepted ? [] : [PRIVACY_V2] }),
      acceptTerms: ({ body }) => {
        accepted = true;
        return {
          ...(body as { document: "privacy"; version: number }),
          accepted_at: "2026-03-02T00:00:00.000Z",
        };
      },
    });
    renderInApp(<TermsBanner />, { token: "token-1" });
    const banner = await screen.findByRole("region", { name: "We have updated our terms" });
    expect(within(banner).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/pdfs/privacy",
    );
    expect(banner).toHaveTextContent("We keep applications for fewer days.");
    expect(banner).toHaveTextContent("version 2");
    await userEvent.click(within(banner).getByRole("button", { name: "Accept" }));
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "We have updated our terms" })).toBeNull(),
    );
    expect(api.of("acceptTerms").map(({ body }) => body)).toEqual([
      { document: "privacy", version: 2 },
    ]);
    expect(api.problems).toEqual([]);
  });

  it("stays dismissed for the session, and comes back for a newer version", async () => {
    let pending = [PRIVACY_V2];
    fakeApi({ getPendingTerms: () => ({ pending }) });
    const first = renderInApp(<TermsBanner />, { token: "token-1" });
    const banner = await screen.findByRole("region", { name: "We have updated our terms" });
    await userEvent.click(within(banner).getByRole("button", { name: "Remind me later" }));
    expect(screen.queryByRole("region", { name: "We have updated our terms" })).toBeNull();
    first.unmount();

    // The next page of the same session: still dismissed.
    const second = renderInApp(<TermsBanner />, { token: "token-1" });
    await waitFor(() => expect(second.queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole("region", { name: "We have updated our terms" })).toBeNull();
    second.unmount();

    pending = [{ ...PRIVACY_V2, version: 3, summary: "A new processor." }];
    renderInApp(<TermsBanner />, { token: "token-1" });
    expect(
      await screen.findByRole("region", { name: "We have updated our terms" }),
    ).toHaveTextContent("A new processor.");
  });

  it("asks nothing and shows nothing for a signed-out visitor", async () => {
    const api = fakeApi({ getPendingTerms: () => ({ pending: [PRIVACY_V2] }) });
    renderInApp(<TermsNotice />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: "We have updated our terms" })).toBeNull();
    expect(api.of("getPendingTerms")).toEqual([]);
  });
});

const version = (change: Partial<ConsoleLegalVersion>): ConsoleLegalVersion => ({
  id: 1,
  document: "privacy",
  version: 1,
  body: "# Privacy\n\nWe keep little.",
  summary: "First published version.",
  published_at: "2025-10-01T00:00:00.000Z",
  published_by: null,
  ...change,
});

describe("/review/legal", () => {
  const renderPage = () =>
    renderInApp(<ReviewLegalPage />, { pathname: "/review/legal", token: "token-1" });

  it("publishes the edited text with its summary as the next version", async () => {
    const versions = [version({})];
    const api = fakeApi({
      getCurrentUser: () => moderatorUser({ board_role: "editor", board_areas: ["content"] }),
      listLegalVersions: () => ({ document: "privacy", versions: [...versions].reverse() }),
      publishLegalVersion: ({ body }) => {
        const input = body as { body: string; summary: string };
        const published = version({
          id: 2,
          version: 2,
          ...input,
          published_at: "2026-03-01T00:00:00.000Z",
        });
        versions.push(published);
        return published;
      },
    });
    renderPage();
    const text = await screen.findByLabelText("Text (Markdown)");
    expect(text).toHaveValue("# Privacy\n\nWe keep little.");
    expect(screen.getByLabelText("Document")).toHaveValue("privacy");
    await userEvent.type(text, " Even less.");
    await userEvent.click(screen.getByRole("tab", { name: "Preview" }));
    expect(await screen.findByRole("heading", { name: "Privacy" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Write" }));

    // Without a summary: refused beside the field, nothing sent.
    await userEvent.click(screen.getByRole("button", { name: "Publish version 2" }));
    expect(screen.getByLabelText("What changed")).toHaveAccessibleDescription("Say what changed");
    expect(api.of("publishLegalVersion")).toEqual([]);

    await userEvent.type(screen.getByLabelText("What changed"), "Less kept.");
    await userEvent.click(screen.getByRole("button", { name: "Publish version 2" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Published version 2");
    expect(api.of("publishLegalVersion")[0]).toMatchObject({
      params: { document: "privacy" },
      body: { body: "# Privacy\n\nWe keep little. Even less.", summary: "Less kept." },
    });
    expect(await screen.findByRole("button", { name: "Publish version 3" })).toBeInTheDocument();
    const list = screen.getByRole("region", { name: "Versions" });
    expect(within(list).getByRole("link", { name: "Version 1" })).toHaveAttribute(
      "href",
      "/pdfs/privacy/versions/1",
    );
    expect(list).toHaveTextContent("Less kept.");
    expect(api.problems).toEqual([]);
  });

  it("shows the server's refusal beside the text", async () => {
    fakeApi({
      getCurrentUser: () => moderatorUser({ board_role: "editor", board_areas: ["content"] }),
      listLegalVersions: () => ({ document: "privacy", versions: [version({})] }),
      publishLegalVersion: () =>
        refuse(422, "Some fields are invalid", { body: ["No figure named {{NOPE}}"] }),
    });
    renderPage();
    await screen.findByLabelText("Text (Markdown)");
    await userEvent.type(screen.getByLabelText("What changed"), "Typo.");
    await userEvent.click(screen.getByRole("button", { name: "Publish version 2" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Text (Markdown)")).toHaveAccessibleDescription(
        "No figure named {{NOPE}}",
      ),
    );
  });

  it("tells a finance member the page is not theirs", async () => {
    const api = fakeApi({
      getCurrentUser: () => moderatorUser({ board_role: "finance", board_areas: ["finance"] }),
    });
    renderPage();
    await waitFor(() => expect(api.of("getCurrentUser").length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByLabelText("Text (Markdown)")).toBeNull());
    expect(api.of("listLegalVersions")).toEqual([]);
  });
});
