import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { BoardApplications } from "@/features/applications/components/board-applications";
import type { OwnJobApplication } from "@/features/applications/schemas";
import { renderInApp } from "@/tests/render";

/*
 * /applied-jobs (issue 27): each application made on the board with where it stands and since
 * when, the employer's words, and withdrawal only while it waits for an answer.
 */

const application = (
  id: number,
  title: string,
  change: Partial<OwnJobApplication> = {},
): OwnJobApplication => ({
  id,
  job: { id: id + 100, slug: "video-editor", title, company_name: "Studio North" },
  stage: "new",
  stage_changed_at: "2026-11-20T09:00:00.000Z",
  stage_message: null,
  closed_reason: null,
  withdrawn_at: null,
  created_at: "2026-11-18T09:00:00.000Z",
  messages: [],
  ...change,
});

describe("applications made on the board", () => {
  it("shows each one's stage, the employer's words and the close-outs, and withdraws only open ones", async () => {
    const user = userEvent.setup();
    renderInApp(
      <BoardApplications
        applications={[
          application(1, "Video Editor", {
            stage: "interview",
            stage_message: "Are you free on Tuesday at 10?",
            messages: [
              {
                id: 1,
                from: "employer",
                author: "Studio North",
                writer: null,
                mine: false,
                body: "Are you free on Tuesday at 10?",
                stage: "interview",
                via: "board",
                created_at: "2026-11-20T09:00:00.000Z",
              },
            ],
          }),
          application(2, "Colorist", { stage: "not_selected", stage_message: "We went on." }),
          application(3, "Producer", { closed_reason: "filled" }),
          application(4, "Writer"),
        ]}
      />,
    );
    const rows = [...document.querySelectorAll<HTMLElement>('li[id^="application-"]')];
    expect(within(rows[0]!).getByText("Interview")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Are you free on Tuesday at 10?")).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/updated Nov 20, 2026/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Not selected")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Closed: the role was filled")).toBeInTheDocument();
    // Decided or closed: nothing to withdraw.
    expect(within(rows[1]!).queryByRole("button", { name: /Withdraw/ })).not.toBeInTheDocument();
    expect(within(rows[2]!).queryByRole("button", { name: /Withdraw/ })).not.toBeInTheDocument();
    // The conversation: the employer's message with its stage, and the way to answer.
    expect(within(rows[0]!).getByText("With the move to “Interview”")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Messages with Studio North (1)")).toBeInTheDocument();
    expect(
      within(rows[0]!).getByRole("textbox", { name: "Your message to Studio North" }),
    ).toBeInTheDocument();
    expect(within(rows[3]!).getByText("Write to Studio North")).toBeInTheDocument();

    await user.click(
      // jsdom reads the hidden words without the space a browser keeps before them.
      within(rows[3]!).getByRole("button", { name: /^Withdraw ?your application for Writer$/ }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: "Withdraw your application for “Writer”?",
    });
    expect(dialog).toHaveTextContent("You cannot apply to this job again.");
    await user.click(within(dialog).getByRole("button", { name: "Keep it" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
