import { useState, type FormEvent } from "react";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { TextAreaField } from "@/components/ui/form-controls";
import { STAGE_LABELS, type MessageSide } from "@/features/applications/constants";
import type { ApplicationMessage } from "@/features/applications/schemas";
import { hasFieldErrors } from "@/lib/error-toast";
import { formatDate } from "@/lib/format";

/*
 * The conversation on an application (issue 42), as either side sees it: the messages oldest
 * first, each from "You" or the other side by name, with the stage it came with; and a form to
 * write the next. In a team (issue 61), "You" is only the reader's own messages: a teammate's
 * are theirs by name, and the candidate sees the company with the name of who wrote. The same component on /applied-jobs (the candidate) and in the applicant panel
 * (the employer). "Sent" is said beside the button, not in a toast that would cover the form.
 */

type Props = {
  /** Which side is reading: that side's messages sit on the right. */
  reader: MessageSide;
  /** The other side, by name ("Northwind Studio", "Ana Silva"). */
  counterpart: string;
  messages: ApplicationMessage[];
  /** Why no message can be written now, if so (withdrawn, deleted). */
  closed?: string | null;
  /** Sends `body`; resolves once stored, rejects with the API's error. */
  send: (body: string) => Promise<unknown>;
  /** Said under the box: who reads it, and how they hear of it. */
  hint: string;
};

const fieldError = (error: unknown) =>
  hasFieldErrors(error) ? Object.values(error.errors).flat().join(" ") : undefined;

function MessageItem({
  message,
  reader,
  counterpart,
}: {
  message: ApplicationMessage;
  reader: MessageSide;
  counterpart: string;
}) {
  const ours = message.from === reader;
  const mine = message.mine;
  const company = message.from === "employer" ? (message.author ?? counterpart) : null;
  // The reader's own: "You". A teammate's: their name. The other side's: by name, and for the
  // company's, with who wrote it when known ("Jo Park, Northwind Studio").
  const who = mine
    ? "You"
    : ours
      ? (message.writer ?? message.author ?? "Your team")
      : message.writer && company
        ? `${message.writer}, ${company}`
        : (message.author ?? counterpart);
  return (
    <li
      className={`max-w-[85%] rounded-2xl p-3 text-sm ${
        ours ? "ml-auto bg-violet-50 text-gray-900" : "bg-gray-100 text-gray-900"
      }`}
    >
      <p className="text-xs font-medium text-gray-600">
        {who} · {formatDate(message.created_at)}
        {message.via === "mail" ? " · by mail" : ""}
      </p>
      {message.stage && (
        <p className="mt-1 text-xs font-semibold text-violet-800">
          With the move to “{STAGE_LABELS[message.stage]}”
        </p>
      )}
      <p className="mt-1 break-words whitespace-pre-line">{message.body}</p>
    </li>
  );
}

export function Conversation({ reader, counterpart, messages, closed, send, hint }: Props) {
  const [body, setBody] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!body.trim()) {
      setError("Write your message");
      return;
    }
    setPending(true);
    setError(undefined);
    setSent(false);
    send(body)
      .then(() => {
        setBody("");
        setSent(true);
      })
      .catch((failure: unknown) => setError(fieldError(failure)))
      .finally(() => setPending(false));
  };

  return (
    <div className="space-y-4">
      {messages.length === 0 ? (
        <p className="text-sm text-gray-600">No messages yet.</p>
      ) : (
        <ol role="list" aria-label={`Messages with ${counterpart}`} className="space-y-2">
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              reader={reader}
              counterpart={counterpart}
            />
          ))}
        </ol>
      )}
      {closed ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{closed}</p>
      ) : (
        <GatedForm onSubmit={submit} className="space-y-3" aria-label={`Write to ${counterpart}`}>
          <TextAreaField
            label={`Your message to ${counterpart}`}
            name="message"
            rows={3}
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
              setSent(false);
            }}
            hint={hint}
            error={error}
          />
          <div className="flex flex-wrap items-center gap-3">
            <SubmitButton variant="secondary" busy={pending}>
              {pending ? "Sending…" : "Send message"}
            </SubmitButton>
            <p role="status" className="text-sm text-emerald-700">
              {sent ? "Sent" : ""}
            </p>
          </div>
        </GatedForm>
      )}
    </div>
  );
}
