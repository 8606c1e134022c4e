import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { headClass, TableFrame, tableClass, tdClass, thClass } from "@/components/ui/data-table";
import { TextAreaField, TextField } from "@/components/ui/form-controls";
import { ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { Refusal } from "@/components/ui/refusal";
import { RichText } from "@/components/ui/rich-text";
import { serverMessage } from "@/lib/form-errors";
import { formatDate } from "@/lib/format";
import type { IssueStatus } from "@/lib/model/newsletter";
import type { Tone } from "@/lib/tones";
import {
  useNewsletterIssue,
  useNewsletterIssues,
  useUpdateIssue,
  type EditorIssue,
} from "../hooks/use-newsletter-editor";

/*
 * /review/newsletter (issue 66): the issues with their states, and the coming one's editor: its
 * subject, its introduction in Markdown with the preview of what readers get (rendered and
 * sanitised by the server), and its listings' order, moved up and down by buttons (keyboard
 * paths; the Sponsored ones stay first). It goes at its hour without anyone pressing anything.
 */

const STATUS: Record<IssueStatus, { label: string; tone: Tone }> = {
  scheduled: { label: "Scheduled", tone: "amber" },
  sending: { label: "Sending", tone: "amber" },
  sent: { label: "Sent", tone: "green" },
};

function IssueEditor({ issue }: { issue: EditorIssue }) {
  const update = useUpdateIssue(issue.id);
  const [subject, setSubject] = useState(issue.subject);
  const [intro, setIntro] = useState(issue.intro);
  const [order, setOrder] = useState(issue.listings.map((listing) => listing.job_id));
  // Listings the board added since the form opened follow the editor's order.
  const known = new Set(order);
  const shown = [...order, ...issue.listings.map((l) => l.job_id).filter((id) => !known.has(id))];
  const editable = issue.status === "scheduled";
  const byId = new Map(issue.listings.map((listing) => [listing.job_id, listing]));
  const move = (index: number, by: -1 | 1) => {
    const next = listed.map((listing) => listing.job_id);
    const [taken] = next.splice(index, 1);
    next.splice(index + by, 0, taken!);
    setOrder(next);
  };
  const listed = shown.map((id) => byId.get(id)).filter((entry) => entry !== undefined);
  const errors = update.error ? serverMessage(update.error, "The issue could not be saved") : null;
  return (
    <section aria-labelledby="issue-heading" className="mt-10 space-y-8">
      <div>
        <h2 id="issue-heading" className="text-lg font-semibold text-gray-900">
          {`Issue of ${formatDate(issue.send_at)}`}
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          {editable
            ? `Goes out ${new Date(issue.send_at).toUTCString()} to every confirmed subscriber, by itself. Until then it follows the board: new listings are added at the end, ended ones dropped.`
            : `This issue has gone out (${issue.recipients} recipients): it cannot change.`}
        </p>
      </div>
      <form
        className="space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ subject, intro, order: listed.map((listing) => listing.job_id) });
        }}
      >
        <TextField
          label="Subject"
          name="subject"
          value={subject}
          disabled={!editable}
          onChange={(event) => setSubject(event.target.value)}
        />
        <TextAreaField
          label="Introduction"
          name="intro"
          hint="Markdown. Leave it blank for none."
          rows={6}
          value={intro}
          disabled={!editable}
          onChange={(event) => setIntro(event.target.value)}
        />
        {issue.intro_html && (
          <div>
            <h3 className="text-sm font-medium text-gray-900">Preview of the saved introduction</h3>
            <RichText
              html={issue.intro_html}
              className="mt-2 rounded-lg border border-gray-200 p-4"
            />
          </div>
        )}
        <div>
          <h3 className="text-sm font-medium text-gray-900">Listings, in their order</h3>
          {listed.length === 0 ? (
            <p className="mt-2 text-sm text-gray-600">No listings yet this week.</p>
          ) : (
            <ol className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200">
              {listed.map((listing, index) => (
                <li key={listing.job_id} className="flex items-center gap-3 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-gray-900">{listing.title}</p>
                    <p className="text-sm text-gray-600">
                      {listing.company_name} · {listing.location}
                    </p>
                  </div>
                  {listing.sponsored && <Badge tone="green">Sponsored</Badge>}
                  {editable && (
                    <div className="flex gap-2">
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                        aria-label={`Move ${listing.title} up`}
                      >
                        Up
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={index === listed.length - 1}
                        onClick={() => move(index, 1)}
                        aria-label={`Move ${listing.title} down`}
                      >
                        Down
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ol>
          )}
          <p className="mt-2 text-sm text-gray-500">
            Sponsored listings go first in every reader&apos;s copy; each reader gets the rest in
            their departments and regions.
          </p>
        </div>
        {errors && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors}
          </p>
        )}
        {update.isSuccess && !update.isPending && (
          <p role="status" className="text-sm text-green-700">
            Saved.
          </p>
        )}
        {editable && (
          <Button type="submit" busy={update.isPending}>
            Save the issue
          </Button>
        )}
      </form>
    </section>
  );
}

/** The screen: every issue, and the chosen one's editor (the coming one by default). */
export function NewsletterEditorScreen() {
  const issues = useNewsletterIssues();
  const [chosen, setChosen] = useState<number | null>(null);
  const list = issues.data?.issues ?? [];
  const current = chosen ?? list.find((issue) => issue.status === "scheduled")?.id ?? null;
  const issue = useNewsletterIssue(current);
  if (issues.isPending) return <ProfileScreenLoading />;
  if (issues.isError)
    return <Refusal message={serverMessage(issues.error, "The issues could not be read")} />;
  return (
    <div>
      <TableFrame label="Issues">
        <table className={tableClass}>
          <caption className="sr-only">Issues of the newsletter</caption>
          <thead className={headClass}>
            <tr>
              <th scope="col" className={thClass}>
                Issue
              </th>
              <th scope="col" className={thClass}>
                Goes out
              </th>
              <th scope="col" className={thClass}>
                State
              </th>
              <th scope="col" className={thClass}>
                Recipients
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((entry) => (
              <tr key={entry.id}>
                <td className={tdClass}>
                  <Button variant="ghost" size="sm" onClick={() => setChosen(entry.id)}>
                    {entry.subject}
                  </Button>
                </td>
                <td className={tdClass}>{formatDate(entry.send_at)}</td>
                <td className={tdClass}>
                  <Badge tone={STATUS[entry.status].tone}>{STATUS[entry.status].label}</Badge>
                </td>
                <td className={tdClass}>{entry.recipients}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      {/* Keyed by the issue: another issue chosen starts its own form. */}
      {issue.data && <IssueEditor key={issue.data.id} issue={issue.data} />}
    </div>
  );
}
