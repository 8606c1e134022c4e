import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HeadManagerContext } from "next/dist/shared/lib/head-manager-context.shared-runtime";
import { Children, type ReactElement, type ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { AppLayout } from "@/components/layout/app-layout";
import type { Post } from "@/features/content/post-types";
import PostPage from "@/pages/posts/[postId]";
import ReviewSettingsPage from "@/pages/review/settings";
import { ROLE_AREAS, type BoardRole } from "@/lib/auth/board-roles";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { setBoardSettingsOverrides } from "@/lib/board-settings";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import { moderatorUser } from "@/tests/fixtures/moderator";
import { renderInApp } from "@/tests/render";
import { DEFAULT_SETTINGS_VALUES } from "@/features/moderation/board-settings-schemas";

/*
 * The board's settings (issue 64): the owners' /review/settings screen (a moderator is told it
 * is not for their role; a refusal shows by its field), and the settings as the header, the
 * footer, the page's head and the JSON-LD print them.
 */

const as = (role: BoardRole) =>
  moderatorUser({ board_role: role, board_areas: [...ROLE_AREAS[role]] });

const VALUES = DEFAULT_SETTINGS_VALUES;
const ANSWER: ApiAnswer<"getBoardSettings"> = {
  settings: {
    values: VALUES,
    defaults: {
      name: "Creator Jobs",
      tagline: "Jobs in the creator economy",
      hero_text: "The job board for the creator economy.",
      contact_email: "support@example.com",
      newsletter_url: "https://news.example",
      social_url: "https://social.example",
    },
    updated_at: null,
    updated_by: null,
  },
};

afterEach(() => setBoardSettingsOverrides(null));

describe("/review/settings", () => {
  it("tells a moderator it is not for their role, and asks nothing", async () => {
    const api = fakeApi({ getCurrentUser: () => as("moderator") });
    renderInApp(<ReviewSettingsPage />, { pathname: "/review/settings", token: "token-1" });
    expect(await screen.findByRole("heading", { name: "Not for your role" })).toBeVisible();
    expect(api.of("getBoardSettings")).toEqual([]);
  });

  it("shows the owner the defaults as placeholders, a refusal by its field, then saves", async () => {
    const user = userEvent.setup();
    let calls = 0;
    const api = fakeApi({
      getCurrentUser: () => as("owner"),
      getBoardSettings: () => ANSWER,
      updateBoardSettings: () => {
        calls += 1;
        return calls === 1
          ? refuse(422, "Check the fields", {
              newsletter_url: ["Enter the newsletter link as an address starting with https://"],
            })
          : {
              settings: {
                ...ANSWER.settings,
                values: {
                  ...VALUES,
                  name: "Praca dla twórców",
                  newsletter_url: "https://n.example",
                },
                updated_at: "2026-12-03T10:00:00.000Z",
                updated_by: "Olive Owner",
              },
            };
      },
    });
    renderInApp(<ReviewSettingsPage />, { pathname: "/review/settings", token: "token-1" });
    const form = await screen.findByRole("form", { name: "The board's settings" });
    const name = within(form).getByRole("textbox", { name: "Board name" });
    expect(name).toHaveAttribute("placeholder", "Creator Jobs");
    for (const label of [
      "Tagline",
      "Hero text",
      "Contact address",
      "Newsletter link",
      "X profile",
    ]) {
      expect(within(form).getByRole("textbox", { name: label })).toBeVisible();
    }
    await user.type(name, "Praca dla twórców");
    const newsletter = within(form).getByRole("textbox", { name: "Newsletter link" });
    await user.type(newsletter, "https://news.example/gone");
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(newsletter).toHaveAccessibleDescription(/starting with https:\/\//));
    await user.clear(newsletter);
    await user.type(newsletter, "https://n.example");
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText(/Last changed .* by Olive Owner/)).toBeVisible();
    expect(api.of("updateBoardSettings").map(({ body }) => body)).toEqual([
      {
        settings: {
          ...VALUES,
          name: "Praca dla twórców",
          newsletter_url: "https://news.example/gone",
        },
      },
      { settings: { ...VALUES, name: "Praca dla twórców", newsletter_url: "https://n.example" } },
    ]);
    expect(api.problems).toEqual([]);
  });
});

type HeadElement = ReactElement<Record<string, unknown> & { children?: ReactNode }>;

/** The page in its layout, with what it puts in its <head>. */
function renderPage(ui: ReactElement, pathname: string) {
  let head: HeadElement[] = [];
  const manager = {
    updateHead: (elements: HeadElement[]) => {
      head = elements;
    },
    mountedInstances: new Set(),
  };
  renderInApp(
    <HeadManagerContext.Provider value={manager}>
      <AppLayout pathname={pathname}>{ui}</AppLayout>
    </HeadManagerContext.Provider>,
    { pathname },
  );
  return () => head;
}

const POST: Post = {
  id: 1,
  slug: "a-post",
  title: "A post",
  description: "About a thing",
  date: "2026-11-01",
  author: { name: "Ann Author", role: "Writer", bio: "", photo: null },
  tags: ["hiring"],
  cover: "/covers/a.jpg",
  coverAlt: "A cover",
  readingMinutes: 3,
  html: "<p>Text</p>",
};

describe("the settings on a page", () => {
  it("prints today's words while nothing is set", () => {
    const head = renderPage(<PostPage post={POST} related={[]} />, "/posts/[postId]");
    expect(screen.getByRole("contentinfo")).toHaveTextContent("Creator Jobs. All rights reserved.");
    const jsonLd = head().find((element) => element.type === "script");
    expect(JSON.stringify(jsonLd?.props)).toContain('"name\\":\\"Creator Jobs\\"');
  });

  it("prints the owner's name, tagline, contact and links in the header, footer, head and JSON-LD, inert", () => {
    const name = "لوحة الوظائف <img src=x onerror=alert(1)>";
    setBoardSettingsOverrides({
      name,
      tagline: "求人ボード",
      contactEmail: "hej@tablica.example",
      social: { youtube: "https://youtube.example/@board" },
    });
    const head = renderPage(<PostPage post={POST} related={[]} />, "/posts/[postId]");
    const banner = screen.getByRole("banner");
    expect(within(banner).getByRole("link", { name })).toBeVisible();
    expect(document.querySelector("img[src='x']")).toBeNull();
    const footer = screen.getByRole("contentinfo");
    expect(footer).toHaveTextContent("求人ボード. Hand-picked roles");
    expect(footer).toHaveTextContent(`${name}. All rights reserved.`);
    expect(
      within(footer).getByRole("link", { name: /Support: hej@tablica.example/ }),
    ).toHaveAttribute("href", "mailto:hej@tablica.example");
    expect(within(footer).getByRole("link", { name: /YouTube/ })).toHaveAttribute(
      "href",
      "https://youtube.example/@board",
    );
    const elements = head();
    const title = elements.find((element) => element.type === "title");
    expect(Children.toArray(title?.props.children).join("")).toBe(`A post | ${name}`);
    const siteName = elements.find((element) => element.props.property === "og:site_name");
    expect(siteName?.props.content).toBe(name);
    const jsonLd = elements.find((element) => element.type === "script");
    const text = (jsonLd?.props.dangerouslySetInnerHTML as { __html: string }).__html;
    // The JSON cannot end its element; parsed, it names the board as typed.
    expect(text).not.toContain("<img");
    expect(JSON.parse(text)).toMatchObject({ publisher: { "@type": "Organization", name } });
  });
});
