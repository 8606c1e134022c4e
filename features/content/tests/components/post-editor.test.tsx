import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type {
  EditorAuthor,
  EditorPost,
  EditorPostSummary,
} from "@/features/content/hooks/use-post-editor";
import ReviewPostsPage from "@/pages/review/posts";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import { moderatorUser } from "@/tests/fixtures/moderator";
import { renderInApp } from "@/tests/render";

/*
 * The blog's editor on /review/posts (issue 64): the posts with their states; a post's Markdown
 * previewed as the server renders it, in the post page's styles; publishing refused with the
 * server's reasons beside their fields; a schedule sent as an instant.
 */

const at = "2026-11-20T09:00:00.000Z";
const author: EditorAuthor = {
  id: 1,
  name: "Maya Okafor",
  role: "Editor",
  bio: "",
  photo: null,
  updated_at: at,
};
const summary = (change: Partial<EditorPostSummary> & Pick<EditorPostSummary, "id" | "title">) => ({
  slug: `post-${change.id}`,
  status: "draft" as const,
  author_id: 1,
  tags: ["careers"],
  publish_at: null,
  published_at: null,
  updated_at: at,
  updated_by: "editor@board.example",
  ...change,
});
const DRAFT: EditorPost = {
  ...summary({ id: 7, title: "A draft" }),
  summary: "What it says.",
  body: "Hello",
  cover: null,
  cover_alt: "",
  old_slugs: [],
};

const editor = moderatorUser({ board_role: "editor", board_areas: ["content"] });

function api(handlers: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    getCurrentUser: () => editor,
    listEditorPosts: () => ({
      posts: [
        summary({ id: 7, title: "A draft" }),
        summary({ id: 1, title: "On the blog", status: "published", published_at: at }),
        summary({ id: 2, title: "Coming up", status: "scheduled", publish_at: at }),
      ],
      authors: [author],
    }),
    getEditorPost: () => ({ post: DRAFT }),
    previewPost: ({ body }) => ({
      html: `<p>${(body as { body: string }).body.replace(/\*\*(.+)\*\*/, "<strong>$1</strong>")}</p>`,
    }),
    updatePost: ({ body }) => ({ post: { ...DRAFT, ...(body as object) } }),
    ...handlers,
  });
}

const renderPage = () =>
  renderInApp(<ReviewPostsPage />, { pathname: "/review/posts", token: "token-1" });

afterEach(() => vi.restoreAllMocks());

describe("/review/posts", () => {
  it("lists the posts with their states", async () => {
    const sent = api();
    renderPage();
    const table = await screen.findByRole("region", { name: "Posts" });
    const row = (title: string) =>
      within(table)
        .getAllByRole("row")
        .find((entry) => entry.textContent?.startsWith(title))!;
    expect(row("A draft")).toHaveTextContent("Draft");
    expect(row("On the blog")).toHaveTextContent("Published");
    expect(row("Coming up")).toHaveTextContent("Scheduled");
    expect(screen.getByRole("button", { name: "New post" })).toBeVisible();
    expect(sent.problems).toEqual([]);
  });

  it("previews the Markdown, shows why it cannot be published, and schedules it", async () => {
    const user = userEvent.setup();
    const sent = api({
      publishPost: () =>
        refuse(422, "Some fields are invalid", {
          cover: ["Upload a cover before publishing"],
          cover_alt: ["Describe the cover before publishing"],
        }),
      schedulePost: () => ({ post: { ...DRAFT, status: "scheduled", publish_at: at } }),
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: /^Edit ?A draft$/ }));
    const body = await screen.findByRole("textbox", { name: "Post (Markdown)" });
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue("A draft");
    await user.clear(body);
    await user.type(body, "Some **bold** words");
    const preview = screen.getByRole("region", { name: "Preview" });
    await waitFor(() => expect(within(preview).getByText("bold").tagName).toBe("STRONG"));
    expect(within(preview).getByText("bold").closest(".prose")).not.toBeNull();

    await user.click(screen.getByRole("button", { name: "Publish now" }));
    expect(await screen.findByText("Upload a cover before publishing")).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Cover description" })).toHaveAccessibleDescription(
      "Describe the cover before publishing",
    );
    expect(screen.getByLabelText("Cover image")).toBeVisible();

    const when = screen.getByLabelText("Publish at");
    await user.type(when, "2026-12-24T09:30");
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    await waitFor(() => expect(sent.of("schedulePost")).toHaveLength(1));
    const schedule = sent.of("schedulePost")[0]!;
    expect(schedule.params).toEqual({ postId: "7" });
    expect((schedule.body as { publish_at: string }).publish_at).toBe(
      new Date("2026-12-24T09:30").toISOString(),
    );
    // What was on screen was saved first.
    const saved = sent.of("updatePost").at(-1)!;
    expect((saved.body as { body: string }).body).toBe("Some **bold** words");
    expect(sent.problems).toEqual([]);
  });

  it("saves a new post, then offers to publish it", async () => {
    const user = userEvent.setup();
    const sent = api({
      createPost: ({ body }) => ({ post: { ...DRAFT, id: 9, ...(body as object) } }),
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "New post" }));
    expect(screen.queryByRole("button", { name: "Publish now" })).toBeNull();
    await user.type(screen.getByRole("textbox", { name: "Title" }), "Fresh");
    // The address follows the title until written.
    expect(screen.getByRole("textbox", { name: "Address" })).toHaveValue("fresh");
    await user.type(screen.getByRole("textbox", { name: "Summary" }), "A line.");
    await user.type(screen.getByRole("textbox", { name: "Tags" }), "careers, news");
    await user.selectOptions(screen.getByRole("combobox", { name: "Author" }), "1");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Saved"));
    expect(screen.getByRole("button", { name: "Publish now" })).toBeVisible();
    expect(sent.of("createPost")[0]!.body).toMatchObject({
      title: "Fresh",
      slug: "fresh",
      tags: ["careers", "news"],
      author_id: 1,
    });
    expect(sent.problems).toEqual([]);
  });

  it("suggests a transliterated address for a Polish title, none for a Japanese one", async () => {
    const user = userEvent.setup();
    api();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "New post" }));
    const title = screen.getByRole("textbox", { name: "Title" });
    const address = screen.getByRole("textbox", { name: "Address" });
    await user.type(title, "Zażółć gęślą jaźń");
    expect(address).toHaveValue("zazolc-gesla-jazn");
    await user.clear(title);
    await user.type(title, "「クリエイターの仕事」");
    expect(address).toHaveValue("");
    await user.type(address, "creator-jobs");
    await user.type(title, "!");
    expect(address).toHaveValue("creator-jobs");
  });

  it("edits the post's author in place: name, bio, photo", async () => {
    const user = userEvent.setup();
    const sent = api({
      updatePostAuthor: ({ body }) => ({ author: { ...author, ...(body as object) } }),
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: /^Edit ?A draft$/ }));
    const group = await screen.findByRole("group", { name: "Edit the author Maya Okafor" });
    const name = within(group).getByRole("textbox", { name: "Author's name" });
    expect(name).toHaveValue("Maya Okafor");
    await user.clear(name);
    await user.type(name, "山田 花子");
    await user.type(within(group).getByRole("textbox", { name: "Short bio" }), "Writes.");
    await user.click(within(group).getByRole("button", { name: "Save the author" }));
    await waitFor(() => expect(sent.of("updatePostAuthor")).toHaveLength(1));
    expect(sent.of("updatePostAuthor")[0]).toMatchObject({
      params: { authorId: "1" },
      body: { name: "山田 花子", role: "Editor", bio: "Writes.", photo: null },
    });
    expect(await within(group).findByText("Author saved")).toBeVisible();
    expect(sent.of("createPostAuthor")).toEqual([]);
    expect(sent.problems).toEqual([]);
  });

  it("deletes a draft only after confirming, then goes back to the list", async () => {
    const user = userEvent.setup();
    const sent = api({ deletePost: () => ({ deleted: true }) });
    renderPage();
    await user.click(await screen.findByRole("button", { name: /^Edit ?A draft$/ }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    let dialog = await screen.findByRole("dialog", { name: "Delete “A draft” for good?" });
    await user.click(within(dialog).getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.of("deletePost")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Delete" }));
    dialog = await screen.findByRole("dialog", { name: "Delete “A draft” for good?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete the post" }));
    await waitFor(() => expect(sent.of("deletePost")).toHaveLength(1));
    expect(sent.of("deletePost")[0]!.params).toEqual({ postId: "7" });
    // Back to the list.
    expect(await screen.findByRole("button", { name: "New post" })).toBeVisible();
    expect(sent.problems).toEqual([]);
  });

  it("offers no delete for a post on the blog", async () => {
    const user = userEvent.setup();
    api({ getEditorPost: () => ({ post: { ...DRAFT, status: "published", published_at: at } }) });
    renderPage();
    await user.click(await screen.findByRole("button", { name: /^Edit ?A draft$/ }));
    expect(await screen.findByRole("button", { name: "Unpublish" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  });
});
