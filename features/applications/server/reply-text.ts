import { MESSAGE_MAX } from "@/features/applications/constants";
import { REPLY_MARKER } from "@/lib/server/mail/reply-marker";

/*
 * The answer in a reply by mail (issue 42): what the person wrote, without the message they
 * quoted. Our mail begins with REPLY_MARKER, so everything from the line that carries it down is
 * the quote; above it, mail programs add a line that introduces the quote ("On Tue, 1 Dec 2026,
 * Creator Jobs <…> wrote:", wrapped over two lines by some), or, when the marker was lost (an
 * HTML-only reply, a forward), the quote begins with ">" lines or Outlook's header block. Plain
 * string work, line by line, over a bounded text: no regular expression here can backtrack far.
 *
 * We looked at email-reply-parser (Crisp's port of GitHub's EmailReplyParser): its patterns are
 * written for RE2 and fall back to V8's backtracking RegExp without it, and RE2 is a C++ addon
 * these machines would have to compile on every install (issue 41). Our own mail carries the
 * marker, which makes the common case exact.
 */

/** More than any answer: the rest (an attached thread, say) is not read at all. */
const READ_MAX = 64 * 1024;

const isMarker = (line: string) => line.includes(REPLY_MARKER);
const isQuoted = (line: string) => line.trimStart().startsWith(">");
const OUTLOOK_SEPARATORS = ["-----original message-----", "________________________________"];
const isOutlookSeparator = (line: string) =>
  OUTLOOK_SEPARATORS.some((separator) => line.trim().toLowerCase().startsWith(separator));
/** Outlook's quoted header: "From: …" followed within two lines by "Sent: …" or "Date: …". */
const isOutlookHeader = (lines: string[], index: number) =>
  /^from:\s/i.test(lines[index]!.trim()) &&
  lines.slice(index + 1, index + 3).some((line) => /^(sent|date):\s/i.test(line.trim()));

/** Where the quote begins: the first line that is, or introduces, the message quoted. */
function quoteStart(lines: string[]): number {
  const at = lines.findIndex(
    (line, index) =>
      isMarker(line) || isQuoted(line) || isOutlookSeparator(line) || isOutlookHeader(lines, index),
  );
  return at === -1 ? lines.length : at;
}

/** How an attribution line ends, in the languages of our readers' mail programs. */
const WROTE = /(wrote|a écrit|schrieb|escribió|ha scritto|schreef)\s?:$/i;

/** Drops the "On …, … wrote:" line (or two, when wrapped) that introduces the quote. */
function withoutAttribution(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && lines[end - 1]!.trim() === "") end -= 1;
  const last = lines[end - 1]?.trim() ?? "";
  if (!WROTE.test(last)) return lines.slice(0, end);
  // The attribution starts at most one line above the line ending in "wrote:" (or its like).
  for (const start of [end - 1, end - 2]) {
    if (start >= 0 && /^(on|le|am|el|il|op)\s/i.test(lines[start]!.trim())) {
      return lines.slice(0, start);
    }
  }
  return lines.slice(0, end);
}

/** The signature, from the conventional "-- " line down. */
function withoutSignature(lines: string[]): string[] {
  const at = lines.findIndex((line) => line === "-- " || line === "--");
  return at === -1 ? lines : lines.slice(0, at);
}

/** The answer in the text part of a reply; empty when nothing was written above the quote. */
export function replyText(text: string): string {
  const lines = text.slice(0, READ_MAX).replace(/\r\n?/g, "\n").split("\n");
  const answer = withoutSignature(withoutAttribution(lines.slice(0, quoteStart(lines))));
  return answer.join("\n").trim().slice(0, MESSAGE_MAX);
}
