import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useState } from "react";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { ListPager } from "@/features/moderation/components/list-pager";
import { formatDateTime } from "@/lib/format-time";
import { secondaryButtonClass, TextAreaField } from "@/components/ui/form-controls";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import {
  useEnquiries,
  useModerationCounts,
  useReplyToEnquiry,
  useSetEnquiryStatus,
} from "@/features/moderation/hooks/use-moderation";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import {
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type EnquiryStatus,
} from "@/features/enquiries/status";
import { hasFieldErrors } from "@/lib/error-toast";
import { formatCount } from "@/lib/format";
import { RECRUITMENT_PLANS } from "@/features/billing/pricing";
import { ENQUIRY_REPLY_MAX } from "@/features/moderation/schemas";

type Enquiry = ApiAnswer<"listEnquiries">["enquiries"][number];

const serviceName = (service: string) =>
  RECRUITMENT_PLANS.find((plan) => plan.id === service)?.name ?? service;

const filterClass =
  "cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-violet-600 data-selected:bg-white data-selected:text-gray-900 data-selected:shadow-xs";

function ReplyForm({ enquiry }: { enquiry: Enquiry }) {
  const reply = useReplyToEnquiry();
  const [body, setBody] = useState("");
  const error = hasFieldErrors(reply.error) ? reply.error.errors.body?.join(" ") : undefined;
  return (
    <GatedForm
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (reply.isPending) return;
        reply.mutate(
          { id: enquiry.id, name: enquiry.name, body },
          { onSuccess: () => setBody("") },
        );
      }}
    >
      <TextAreaField
        label={`Reply to ${enquiry.name}`}
        hint={`Mailed to ${enquiry.email}; their answer comes to the team's inbox.`}
        rows={4}
        maxLength={ENQUIRY_REPLY_MAX}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        error={error}
      />
      <SubmitButton busy={reply.isPending}>
        {reply.isPending ? "Sending…" : "Send reply"}
        <span className="sr-only"> to {enquiry.name}</span>
      </SubmitButton>
    </GatedForm>
  );
}

function EnquiryCard({ enquiry }: { enquiry: Enquiry }) {
  const setStatus = useSetEnquiryStatus();
  const closed = enquiry.status === "closed";
  const details: [string, string][] = [
    ["Email", enquiry.email],
    ["Company", enquiry.company],
    ["Website", enquiry.website ?? "none given"],
    ["Service", serviceName(enquiry.service)],
    ["Roles", formatCount(enquiry.roles)],
    ["Received", formatDateTime(enquiry.created_at)],
  ];
  return (
    <li
      aria-labelledby={`enquiry-${enquiry.id}`}
      className="rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`enquiry-${enquiry.id}`} className="text-base font-semibold text-gray-900">
            {enquiry.name} at {enquiry.company}
          </h3>
          <p className="text-sm text-gray-500">
            Enquiry #{enquiry.id} · {ENQUIRY_STATUS_LABELS[enquiry.status]}
          </p>
        </div>
        <button
          type="button"
          className={secondaryButtonClass}
          aria-disabled={setStatus.isPending}
          onClick={() =>
            !setStatus.isPending &&
            setStatus.mutate({
              id: enquiry.id,
              name: enquiry.name,
              status: closed ? (enquiry.replies.length > 0 ? "replied" : "new") : "closed",
            })
          }
        >
          {closed ? "Open again" : "Close"}
          <span className="sr-only"> the enquiry from {enquiry.name}</span>
        </button>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {details.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="shrink-0 text-gray-500">{label}:</dt>
            <dd className="min-w-0 break-words text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 rounded-lg bg-gray-50 p-4 text-sm whitespace-pre-line text-gray-800">
        {enquiry.message}
      </p>
      {enquiry.replies.length > 0 && (
        <section aria-label={`Replies to ${enquiry.name}`} className="mt-4">
          <h4 className="text-sm font-semibold text-gray-900">Replies</h4>
          <ol className="mt-2 space-y-3">
            {enquiry.replies.map((reply) => (
              <li key={reply.id} className="border-l-2 border-violet-200 pl-3">
                <p className="text-xs text-gray-500">
                  {reply.sent_by} · {formatDateTime(reply.created_at)}
                </p>
                <p className="mt-1 text-sm whitespace-pre-line text-gray-800">{reply.body}</p>
              </li>
            ))}
          </ol>
        </section>
      )}
      <div className="mt-5 border-t border-gray-100 pt-4">
        <ReplyForm enquiry={enquiry} />
      </div>
    </li>
  );
}

function EnquiryList({ status }: { status: EnquiryStatus }) {
  const [page, setPage] = useState(1);
  const { data } = useEnquiries(status, page);
  if (!data) return <ProfileScreenLoading />;
  if (data.enquiries.length === 0) {
    return (
      <EmptyList title={`No ${ENQUIRY_STATUS_LABELS[status].toLowerCase()} enquiries`}>
        Enquiries from the recruitment services page arrive here as new.
      </EmptyList>
    );
  }
  return (
    <div className="space-y-4">
      <ul role="list" className="space-y-4">
        {data.enquiries.map((enquiry) => (
          <EnquiryCard key={enquiry.id} enquiry={enquiry} />
        ))}
      </ul>
      <ListPager
        label="Enquiry pages"
        page={data.page}
        pages={Math.max(1, Math.ceil(data.total / data.per_page))}
        onPage={setPage}
      />
    </div>
  );
}

/** The recruitment enquiries, by status, newest first: read, answer, close. */
export function EnquiriesInbox() {
  const { data: counts } = useModerationCounts(true);
  const newCount = counts?.new_enquiries;
  const [selected, setSelected] = useState(0);
  return (
    <TabGroup selectedIndex={selected} onChange={setSelected}>
      <TabList
        aria-label="Enquiries by status"
        className="inline-flex gap-1 rounded-lg bg-gray-100 p-1"
      >
        {ENQUIRY_STATUSES.map((entry) => (
          <Tab key={entry} className={filterClass}>
            {ENQUIRY_STATUS_LABELS[entry]}
            {entry === "new" && newCount !== undefined && ` (${formatCount(newCount)})`}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-4">
        {ENQUIRY_STATUSES.map((entry) => (
          <TabPanel
            key={entry}
            className="focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-violet-600"
          >
            <EnquiryList status={entry} />
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
