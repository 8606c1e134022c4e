import { Badge } from "@/components/ui/badge";
import { formatCount } from "@/lib/format";
import {
  INVITATION_STATUS_LABELS,
  type ActiveWithinDays,
  type InvitationStatus,
} from "@/features/directory/directory";
import type { Tone } from "@/lib/tones";

/*
 * Pieces the directory's screens share (issue 47): the employers' search and profile, and the
 * candidate's invitations and settings.
 */

/** "480 of 500 characters left": a text field's counter, as its hint. */
export const charactersLeft = (text: string, max: number) =>
  `${formatCount(Math.max(max - text.length, 0))} of ${formatCount(max)} characters left`;

/** "Active within 7 days". */
export const activeWithinLabel = (days: ActiveWithinDays) => `Active within ${days} days`;

const STATUS_TONES: Record<InvitationStatus, Tone> = {
  sent: "amber",
  accepted: "green",
  declined: "grey",
};

/** Where an invitation stands, in words (the colour only helps). */
export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{INVITATION_STATUS_LABELS[status]}</Badge>;
}

/** A message as its writer typed it: line breaks and spaces kept, never HTML. */
export function PlainMessage({ text, className = "" }: { text: string; className?: string }) {
  return (
    <p className={`text-sm break-words whitespace-pre-wrap text-gray-800 ${className}`}>{text}</p>
  );
}
