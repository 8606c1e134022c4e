import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { useEffect, useRef, useState, type ReactNode, type Ref } from "react";
import { InvoiceDueBadge } from "@/features/listings/components/listing-state-badge";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import {
  primaryButtonClass,
  secondaryButtonClass,
  TextAreaField,
} from "@/components/ui/form-controls";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { RichText } from "@/components/ui/rich-text";
import {
  DECISION_DONE,
  useDecideListing,
  useReviewQueue,
} from "@/features/listings/hooks/use-listings";
import { useMarkdownHtml } from "@/hooks/use-markdown-html";
import { useRefreshAfterDecision } from "@/features/moderation/hooks/use-moderation";
import { hasFieldErrors } from "@/lib/error-toast";
import { departmentLabel, formatDate, formatSalary, jobTypeLabel, regionLabel } from "@/lib/format";
import type { ModerationDecision } from "@/features/listings/review-schemas";
import type { DraftItem, ReviewItem, ReviewQueue as Queue } from "@/features/listings/types";
import { formatPrice } from "@/features/billing/offer";

const COMPANY_FIELDS = [
  ["name", "Name"],
  ["website", "Website"],
  ["about", "About"],
  ["logo_url", "Logo"],
] as const;

/**
 * What approving this listing would change in its company, on every listing it has: a new
 * submission only proposes it (issue 40), so the moderator sees each change before and after.
 */
function CompanyChange({ item }: { item: ReviewItem }) {
  const proposal = item.company_change;
  if (!proposal) return null;
  const changes = COMPANY_FIELDS.filter(([field]) => proposal[field] !== item.company[field]);
  return (
    <div className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-600/20">
      <p className="font-semibold">Approving this listing also changes its company</p>
      <p className="mt-0.5 text-amber-900">
        On all of {item.company.name}&rsquo;s listings, live ones included:
      </p>
      <dl className="mt-2 space-y-1">
        {changes.map(([field, label]) => (
          <div key={field} className="flex flex-wrap gap-x-2">
            <dt className="font-medium">{label}:</dt>
            <dd className="min-w-0 break-words">
              <del>{item.company[field] ?? "none"}</del> → <ins>{proposal[field] ?? "none"}</ins>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * Told of a decision made on a listing, and what it did ("Published: Video Editor"): ReviewQueue
 * then keeps the moderator's place, and says it there.
 */
type OnDecided = (item: ReviewItem, said: string) => void;

/** A decision on a listing (the queue is read again afterwards). */
function useDecision(onDecided: OnDecided) {
  const decide = useDecideListing();
  return {
    isPending: decide.isPending,
    error: decide.error,
    mutate: (item: ReviewItem, decision: ModerationDecision) =>
      decide.mutate(
        { id: item.id, title: item.title, ...decision },
        { onSuccess: () => onDecided(item, `${DECISION_DONE[decision.decision]}: ${item.title}`) },
      ),
  };
}

type PostingIssue = ReviewItem["posting_issues"][number];

/** The JobPosting properties our listings' pages set, in the words of the listing's form. */
const POSTING_FIELD_WORDS: Record<string, string> = {
  title: "the title",
  description: "the description",
  datePosted: "the publication date",
  validThrough: "the end date",
  hiringOrganization: "the company",
  "hiringOrganization.name": "the company's name",
  applicantLocationRequirements: "the countries applicants may live in",
  jobLocation: "where the job is",
  "jobLocation.address.addressCountry": "the country where the job is",
  jobLocationType: "whether the job is remote",
  baseSalary: "the pay",
  employmentType: "the job type",
  identifier: "the listing's number",
  directApply: "how to apply",
};

/** One finding: what it is about, in our words and Google's (the property), and the message. */
function PostingIssueItem({ issue }: { issue: PostingIssue }) {
  const fields = issue.field_names.map((field) => POSTING_FIELD_WORDS[field] ?? field);
  return (
    <li>
      {fields.length > 0 && (
        <>
          <span className="font-medium">{fields.join(", ")}</span>{" "}
          <code className="text-xs">({issue.field_names.join(", ")})</code>:{" "}
        </>
      )}
      {issue.message}
    </li>
  );
}

/**
 * What Google's rules for job postings find in the page the listing would have: errors, which
 * keep it out of Google's job search and so out of approval, in full; warnings folded away.
 */
function PostingIssues({ item, blockedId }: { item: ReviewItem; blockedId: string }) {
  const errors = item.posting_issues.filter((issue) => issue.severity === "error");
  const warnings = item.posting_issues.filter((issue) => issue.severity === "warning");
  if (errors.length === 0 && warnings.length === 0) return null;
  return (
    <div className="mt-4 space-y-3 text-sm">
      {errors.length > 0 && (
        <div className="rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
          <p className="font-semibold">Google&apos;s job search would refuse this listing:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {errors.map((issue, index) => (
              <PostingIssueItem key={index} issue={issue} />
            ))}
          </ul>
          <p id={blockedId} className="mt-3">
            It cannot be approved as it is. Reject it with a reason asking the employer to fix this;
            their edit brings it back to this queue.
          </p>
        </div>
      )}
      {warnings.length > 0 && (
        <Disclosure as="div">
          <DisclosureButton className="text-gray-600 underline hover:text-gray-900">
            {warnings.length === 1 ? "1 suggestion" : `${warnings.length} suggestions`} from
            Google&apos;s job search rules
          </DisclosureButton>
          <DisclosurePanel as="ul" className="mt-2 list-disc space-y-1 pl-5 text-gray-600">
            {warnings.map((issue, index) => (
              <PostingIssueItem key={index} issue={issue} />
            ))}
          </DisclosurePanel>
        </Disclosure>
      )}
    </div>
  );
}

function RejectForm({ item, onDecided }: { item: ReviewItem; onDecided: OnDecided }) {
  const decide = useDecision(onDecided);
  const [reason, setReason] = useState("");
  const error = hasFieldErrors(decide.error) ? decide.error.errors.reason?.join(" ") : undefined;
  return (
    <GatedForm
      className="mt-3 space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!decide.isPending) {
          decide.mutate(item, { decision: "reject", reason });
        }
      }}
    >
      <TextAreaField
        label="Why it is not approved"
        hint="The employer reads this on their listings page."
        rows={3}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={error}
      />
      <SubmitButton variant="secondary" size="sm" busy={decide.isPending}>
        Reject listing<span className="sr-only"> {item.title}</span>
      </SubmitButton>
    </GatedForm>
  );
}

/** How candidates will apply: on the board (and how many questions they answer), or where. */
function applyWay(item: ReviewItem): string | null {
  if (item.apply_method !== "board") return item.apply_url ?? item.apply_email;
  const count = item.screening_questions.length;
  return count === 0
    ? "on the board"
    : `on the board, ${count} ${count === 1 ? "question" : "questions"}`;
}

function ReviewCard({
  item,
  onDecided,
  said,
}: {
  item: ReviewItem;
  onDecided: OnDecided;
  /** What the decision before did, said at the top of this card, which took its place. */
  said?: ReactNode;
}) {
  const decide = useDecision(onDecided);
  const html = useMarkdownHtml(item.description);
  // Google's job search would refuse it: the server refuses approval too (409).
  const blocked = item.posting_issues.some((issue) => issue.severity === "error");
  const blockedId = `review-${item.id}-blocked`;
  const salary = formatSalary(
    item.salary_min,
    item.salary_max,
    item.salary_currency,
    item.salary_period,
  );
  const details: [string, string | null][] = [
    ["Department", departmentLabel(item.department)],
    ["Region", regionLabel(item.region)],
    ["Type", jobTypeLabel(item.type)],
    ["Location", item.location],
    ["Pay", salary],
    ["Apply", applyWay(item)],
    ...(item.applications_close_at
      ? [["Applications close", formatDate(item.applications_close_at)] as [string, string]]
      : []),
    ["Company website", item.company.website],
    ["Posted by", item.submitter?.email ?? "a deleted account"],
  ];
  return (
    <li
      aria-labelledby={`review-${item.id}`}
      className="rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200 sm:p-6"
    >
      {said}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-gray-600">{item.company.name}</p>
          {/* Focused when a decision takes the card above it away (ReviewQueue). */}
          <h2
            id={`review-${item.id}`}
            tabIndex={-1}
            className="rounded text-lg font-semibold text-gray-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-violet-600"
          >
            {item.title}
          </h2>
          <p className="mt-1 text-sm text-gray-500">
            {item.plan_name} plan · submitted {formatDate(item.submitted_at)} · #{item.id}
          </p>
        </div>
        {item.payment_status === "invoice_due" && <InvoiceDueBadge />}
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {details.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="shrink-0 text-gray-500">{label}:</dt>
            <dd className="min-w-0 break-words text-gray-900">{value ?? "not given"}</dd>
          </div>
        ))}
      </dl>
      {item.screening_questions.length > 0 && (
        <div className="mt-3 text-sm">
          <p className="text-gray-500">Questions candidates answer:</p>
          <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-gray-900">
            {item.screening_questions.map((question) => (
              <li key={question.id}>
                {question.prompt}{" "}
                <span className="text-gray-500">
                  ({question.kind === "yes_no" ? "yes or no" : "short answer"}
                  {question.required ? ", required" : ", optional"})
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
      {item.company.about && <p className="mt-3 text-sm text-gray-700">{item.company.about}</p>}
      <CompanyChange item={item} />
      <Disclosure as="div" className="mt-4">
        <DisclosureButton className="text-sm font-semibold text-violet-700 hover:text-violet-900">
          Read the description
        </DisclosureButton>
        <DisclosurePanel className="mt-3 rounded-lg bg-gray-50 p-4">
          {html === null ? (
            <p className="text-sm text-gray-500">Rendering…</p>
          ) : (
            <RichText html={html} className="max-w-none text-sm" />
          )}
        </DisclosurePanel>
      </Disclosure>
      <PostingIssues item={item} blockedId={blockedId} />
      <div className="mt-5 flex flex-wrap gap-3 border-t border-gray-100 pt-4">
        <button
          type="button"
          className={primaryButtonClass}
          disabled={blocked}
          aria-describedby={blocked ? blockedId : undefined}
          aria-disabled={decide.isPending}
          onClick={() => !decide.isPending && decide.mutate(item, { decision: "approve" })}
        >
          Approve and publish<span className="sr-only"> {item.title}</span>
        </button>
        {item.payment_status === "invoice_due" && (
          <button
            type="button"
            className={secondaryButtonClass}
            aria-disabled={decide.isPending}
            onClick={() => !decide.isPending && decide.mutate(item, { decision: "mark_paid" })}
          >
            Mark invoice paid<span className="sr-only"> for {item.title}</span>
          </button>
        )}
      </div>
      {/* Open at once when rejecting is the only way forward. */}
      <Disclosure as="div" className="mt-3" defaultOpen={blocked}>
        <DisclosureButton className="text-sm font-medium text-gray-700 underline hover:text-gray-900">
          Reject…
        </DisclosureButton>
        <DisclosurePanel>
          <RejectForm item={item} onDecided={onDecided} />
        </DisclosurePanel>
      </Disclosure>
    </li>
  );
}

/**
 * Where a moderator is brought once a decision takes a listing off the queue: to the listing
 * that takes its place (its heading focused, its card at the top of the screen), else the one before
 * it, else the empty queue. Left alone, the page would stay scrolled where the decided card's
 * buttons were, now the middle of another card, and focus would be lost with the button.
 */
function useKeepPlace(pending: readonly ReviewItem[] | undefined) {
  const decided = useRef<{ id: number; index: number } | null>(null);
  const empty = useRef<HTMLDivElement>(null);
  const said = useRef<HTMLParagraphElement>(null);
  // What the last decision did, said where its listing was: above the card taking its place,
  // or above the empty queue (issue 61: a toast there covered the next card's buttons).
  const [done, setDone] = useState<{ text: string; beforeId: number | null } | null>(null);
  // Where to bring the moderator once the decided listing has left the queue: set only then, so
  // a render that shows the decision before the queue has changed moves nothing.
  const [moveTo, setMoveTo] = useState<{ id: number | null } | null>(null);
  useEffect(() => {
    const left = decided.current;
    if (!left || !pending || pending.some((item) => item.id === left.id)) return;
    decided.current = null;
    const next = pending[Math.min(left.index, pending.length - 1)];
    setDone((before) => before && { ...before, beforeId: next?.id ?? null });
    setMoveTo({ id: next?.id ?? null });
  }, [pending]);
  // Once the status has moved there: focus and scroll, once per decision.
  useEffect(() => {
    if (!moveTo) return;
    const target = moveTo.id ? document.getElementById(`review-${moveTo.id}`) : empty.current;
    target?.focus({ preventScroll: true });
    // The whole card from its top, the status and the company's name above the heading included.
    (target?.closest("li") ?? said.current ?? target)?.scrollIntoView({ block: "start" });
  }, [moveTo]);
  const onDecided: OnDecided = (item, text) => {
    const index = pending?.findIndex((other) => other.id === item.id) ?? -1;
    if (index >= 0) decided.current = { id: item.id, index };
    setDone({ text, beforeId: item.id });
  };
  return { onDecided, empty, said, done };
}

/** What the last decision did, in the queue's flow: it covers nothing. */
function DecisionSaid({ text, ref }: { text: string; ref: Ref<HTMLParagraphElement> }) {
  return (
    <p
      ref={ref}
      role="status"
      className="mb-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800"
    >
      {text}
    </p>
  );
}

/** How long a draft has waited since it was submitted (its checkout opened): "3 days". */
export function waitedFor(since: string, now: number = Date.now()): string {
  const hours = Math.floor((now - new Date(since).getTime()) / (60 * 60 * 1000));
  if (hours < 1) return "under an hour";
  if (hours < 48) return hours === 1 ? "1 hour" : `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * The held drafts (issue 63): listings whose checkout was opened and not paid, not for review
 * until paid. Each with its value (its plan's price, less its coupon's discount with the code
 * and the price before it) and how long it had waited at `now` (when the queue was read); what
 * they come to on top.
 */
function HeldDrafts({ queue, now }: { queue: Queue; now: number }) {
  const drafts: DraftItem[] = queue.awaiting_payment;
  if (drafts.length === 0) return null;
  return (
    <section aria-labelledby="held-drafts" className="mt-10">
      <h2 id="held-drafts" className="text-base font-semibold text-gray-900">
        Drafts not paid yet
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        {drafts.length === 1 ? "1 draft" : `${drafts.length} drafts`} worth{" "}
        <span className="font-medium text-gray-900">
          {formatPrice(queue.drafts_value_minor, queue.currency)}
        </span>{" "}
        in all, waiting for their checkout payment. They come to review once paid.
      </p>
      <ul
        role="list"
        className="mt-3 divide-y divide-gray-100 rounded-2xl bg-white ring-1 ring-gray-200"
      >
        {drafts.map((draft) => (
          <li
            key={draft.id}
            aria-label={draft.title}
            className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3 text-sm"
          >
            <span className="min-w-0">
              <span className="font-medium text-gray-900">{draft.title}</span>
              <span className="text-gray-600"> · {draft.company.name}</span>
              <span className="text-gray-500">
                {" "}
                · {draft.plan_name} plan · #{draft.id}
                {draft.submitter?.email ? ` · ${draft.submitter.email}` : ""}
              </span>
            </span>
            <span className="shrink-0 text-gray-600">
              <span className="font-medium text-gray-900">
                {formatPrice(draft.value_minor, queue.currency)}
              </span>
              {draft.coupon && (
                <>
                  {" "}
                  after coupon {draft.coupon.code} (from{" "}
                  {formatPrice(draft.price_minor, queue.currency)})
                </>
              )}{" "}
              · waiting {waitedFor(draft.submitted_at, now)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The listings waiting for a moderator, oldest first, each with its decisions. */
export function ReviewQueue() {
  const { data: queue, dataUpdatedAt } = useReviewQueue(true);
  const refresh = useRefreshAfterDecision();
  const { onDecided, empty, said, done } = useKeepPlace(queue?.pending);
  // Each new answer of the queue follows a decision (or another moderator's): the counts, the
  // live listings and the audit log have changed with it.
  const seen = useRef(0);
  useEffect(() => {
    if (seen.current !== 0 && seen.current !== dataUpdatedAt) void refresh();
    seen.current = dataUpdatedAt;
  }, [dataUpdatedAt, refresh]);
  if (!queue) return <ProfileScreenLoading />;
  return (
    <>
      {queue.awaiting_payment.length > 0 && (
        <p className="mb-4 text-sm text-gray-600">
          {queue.awaiting_payment.length} more waiting for their checkout payment (drafts, below).
        </p>
      )}
      {done && done.beforeId === null && <DecisionSaid ref={said} text={done.text} />}
      {queue.pending.length === 0 ? (
        <div ref={empty} tabIndex={-1} className="mt-4 focus:outline-none">
          <EmptyList title="Nothing to review">
            New listings appear here as employers submit them; paid ones once they are paid.
          </EmptyList>
        </div>
      ) : (
        <ul role="list" className="space-y-6">
          {queue.pending.map((item) => (
            <ReviewCard
              key={item.id}
              item={item}
              onDecided={onDecided}
              said={done?.beforeId === item.id && <DecisionSaid ref={said} text={done.text} />}
            />
          ))}
        </ul>
      )}
      <HeldDrafts queue={queue} now={dataUpdatedAt} />
    </>
  );
}
