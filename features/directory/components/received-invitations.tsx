import dynamic from "next/dynamic";
import { useRouter } from "next/router";
import { useState } from "react";
import {
  InvitationStatusBadge,
  PlainMessage,
} from "@/features/directory/components/directory-parts";
import { Refusal } from "@/components/ui/refusal";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import {
  useAcceptInvitation,
  type ReceivedInvitation,
} from "@/features/directory/hooks/use-job-invitations";
import { formatDate } from "@/lib/format";
import { serverMessage } from "@/lib/form-errors";
import { routes } from "@/lib/routes";

// The dialog (Headless UI's) loads when someone first presses Decline.
const DeclineDialog = dynamic(
  () =>
    import("@/features/directory/components/decline-dialog").then((module) => module.DeclineDialog),
  { ssr: false },
);

const linkClass = "font-semibold text-violet-700 hover:text-violet-600";

/** What the candidate can still do with an invitation waiting for their answer. */
function Answer({
  invitation,
  onDecline,
}: {
  invitation: ReceivedInvitation;
  onDecline: () => void;
}) {
  const router = useRouter();
  const accept = useAcceptInvitation();
  const { title } = invitation.job;
  return (
    <div className="mt-4 space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        {invitation.job.open && (
          <Button
            busy={accept.isPending}
            onClick={() =>
              accept.mutate(invitation, {
                onSuccess: ({ apply_url }) => void router.push(apply_url),
              })
            }
          >
            {accept.isPending ? "Opening the application…" : "Accept and apply"}
            <span className="sr-only"> to {title}</span>
          </Button>
        )}
        <Button variant="secondary" onClick={onDecline} busy={accept.isPending}>
          Decline<span className="sr-only"> the invitation to {title}</span>
        </Button>
      </div>
      <Refusal
        message={
          accept.isError
            ? serverMessage(accept.error, "The invitation was not accepted. Please try again.")
            : null
        }
      />
    </div>
  );
}

function InvitationCard({ invitation }: { invitation: ReceivedInvitation }) {
  const [declining, setDeclining] = useState(false);
  const { company, job } = invitation;
  return (
    <li className="rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200 sm:p-6">
      <article aria-label={`${company.name}: ${job.title}`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm text-gray-600">
              <Link href={routes.company(company.slug)} className="hover:text-violet-700">
                {company.name}
              </Link>{" "}
              invited you on{" "}
              <time dateTime={invitation.created_at}>{formatDate(invitation.created_at)}</time>
            </p>
            <h2 className="text-base font-semibold text-gray-900">
              <Link href={job.url} className="hover:text-violet-700">
                {job.title}
              </Link>
            </h2>
          </div>
          <InvitationStatusBadge status={invitation.status} />
        </div>
        <PlainMessage text={invitation.message} className="mt-3 rounded-lg bg-gray-50 p-3" />
        {!job.open && (
          <p className="mt-3 text-sm font-medium text-amber-800">
            This job no longer takes applications.
          </p>
        )}
        {invitation.status === "declined" && invitation.decline_reason && (
          <p className="mt-3 text-sm text-gray-700">
            <span className="font-medium text-gray-900">Your reason: </span>
            {invitation.decline_reason}
          </p>
        )}
        {invitation.company_blocked && (
          <p className="mt-3 text-sm text-gray-700">
            You stopped {company.name}: it cannot find, open or invite you.{" "}
            <Link href={routes.settings} className={linkClass}>
              Undo in Settings
            </Link>
          </p>
        )}
        {invitation.status === "accepted" && job.open && (
          <p className="mt-3 text-sm">
            <Link href={job.url} className={linkClass}>
              See the job<span className="sr-only"> {job.title}</span>
            </Link>
          </p>
        )}
        {invitation.status === "sent" && (
          <Answer invitation={invitation} onDecline={() => setDeclining(true)} />
        )}
      </article>
      {declining && <DeclineDialog invitation={invitation} onClose={() => setDeclining(false)} />}
    </li>
  );
}

/** The candidate's invitations to apply, newest first, each with what they can do with it. */
export function ReceivedInvitationList({ invitations }: { invitations: ReceivedInvitation[] }) {
  return (
    <ul role="list" aria-label="Your invitations" className="space-y-4">
      {invitations.map((invitation) => (
        <InvitationCard key={invitation.id} invitation={invitation} />
      ))}
    </ul>
  );
}
