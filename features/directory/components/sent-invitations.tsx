import { InvitationStatusBadge } from "@/features/directory/components/directory-parts";
import { Link } from "@/components/ui/link";
import type { SentInvitation } from "@/features/directory/hooks/use-directory";
import { formatDate } from "@/lib/format";
import { routes } from "@/lib/routes";

const linkClass = "font-semibold text-violet-700 hover:text-violet-600";

/**
 * The company's invitations to apply (issue 47), newest first: to whom (their profile, while the
 * company may still see it), for which job, where each stands and the candidate's reason if they
 * declined with one, when and by whom it was sent. `showCandidate` is off on a profile's own list.
 */
export function SentInvitationList({
  invitations,
  showCandidate = true,
  label,
}: {
  invitations: SentInvitation[];
  showCandidate?: boolean;
  label: string;
}) {
  return (
    <ul role="list" aria-label={label} className="-my-4 divide-y divide-gray-100">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="py-4 text-sm">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              {showCandidate && (
                <p className="font-medium text-gray-900">
                  {invitation.candidate ? (
                    <Link href={routes.candidate(invitation.candidate.key)} className={linkClass}>
                      {invitation.candidate.name}
                    </Link>
                  ) : (
                    <span className="text-gray-600">A candidate whose profile is gone</span>
                  )}
                </p>
              )}
              <p className="text-gray-700">
                {showCandidate ? "For " : ""}
                <span className="font-medium text-gray-900">{invitation.job.title}</span>
              </p>
              <p className="mt-0.5 text-gray-500">
                Sent {formatDate(invitation.created_at)}
                {invitation.invited_by && <> by {invitation.invited_by}</>}
                {invitation.answered_at && <> · answered {formatDate(invitation.answered_at)}</>}
              </p>
            </div>
            <InvitationStatusBadge status={invitation.status} />
          </div>
          {invitation.decline_reason && (
            <p className="mt-2 rounded-lg bg-gray-50 p-3 text-gray-700">
              <span className="font-medium text-gray-900">Their reason: </span>
              {invitation.decline_reason}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
