// @vitest-environment node
import { describe, expect, it } from "vitest";
import { REPLY_MARKER } from "@/lib/server/mail/reply-marker";
import { replyText } from "@/features/applications/server/reply-text";

/*
 * The answer in a reply by mail (issue 42), as the common mail programs quote our message: what
 * the person wrote is kept, the quote and what introduces it are not.
 */

const QUOTED = [
  `> ${REPLY_MARKER}`,
  "> Creator Jobs",
  "> Northwind wrote to you",
  "> Could you do a call Tuesday at 10:00?",
].join("\n");

describe("the answer in a reply", () => {
  it.each([
    [
      "Gmail, its attribution wrapped over two lines",
      `Tuesday at 10:00 suits me.\r\n\r\nOn Sat, 28 Nov 2026 at 10:02, Creator Jobs <\r\nreply+7-c-0123456789abcdef01234567@reply.creatorjobs.example> wrote:\r\n\r\n${QUOTED}`,
    ],
    [
      "Apple Mail",
      `Tuesday at 10:00 suits me.\n\n> On 28 Nov 2026, at 10:02, Creator Jobs <jobs@creatorjobs.example> wrote:\n>\n${QUOTED}`,
    ],
    [
      "Outlook, with its header block and no quote marks",
      `Tuesday at 10:00 suits me.\n\n________________________________\nFrom: Creator Jobs <jobs@creatorjobs.example>\nSent: Saturday, November 28, 2026 10:02\nTo: Ada\n${REPLY_MARKER}\nCould you do a call?`,
    ],
    [
      "a program that keeps the marker unquoted, with a signature",
      `Tuesday at 10:00 suits me.\n-- \nAda, sent from my phone\n${REPLY_MARKER}\nNorthwind wrote to you`,
    ],
    [
      "a French program",
      `Tuesday at 10:00 suits me.\n\nLe sam. 28 nov. 2026 à 10:02, Creator Jobs <jobs@creatorjobs.example> a écrit :\n${QUOTED}`,
    ],
  ])("keeps only the answer from %s", (_, mail) => {
    expect(replyText(mail)).toBe("Tuesday at 10:00 suits me.");
  });

  it("keeps the answer's own lines, and its last line that ends with a colon", () => {
    const answer = "Happy to.\n\nHere are my times:\n- Tuesday 10:00\n- Wednesday 14:00";
    expect(replyText(`${answer}\n\n${QUOTED}`)).toBe(answer);
    expect(replyText("On Tuesday I can do:\n10:00 or 11:00")).toBe(
      "On Tuesday I can do:\n10:00 or 11:00",
    );
  });

  it("answers nothing when nothing was written above the quote", () => {
    expect(replyText(`On Sat, 28 Nov 2026, Creator Jobs wrote:\n${QUOTED}`)).toBe("");
    expect(replyText("")).toBe("");
  });

  it("reads a bounded part of a huge text", () => {
    const huge = `${"a".repeat(10_000)}:\n`.repeat(500);
    expect(replyText(huge).length).toBeLessThanOrEqual(4_000);
  });
});
