import { useEffect, useState } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { Refusal } from "@/components/ui/refusal";
import {
  useAcceptBoardInvitation,
  useBoardInvitationPreview,
} from "@/features/moderation/hooks/use-board-team";
import { BOARD_ROLE_DESCRIPTIONS, BOARD_ROLE_LABELS } from "@/lib/auth/board-roles";
import { formatDate } from "@/lib/format";
import { serverMessage } from "@/lib/form-errors";
import { routes } from "@/lib/routes";

/*
 * Where an invitation to the board's team leads (issue 64): /review/join#<token>. The token is
 * taken from the fragment (which browsers never send) as the page opens, and the fragment taken
 * out of the address; it goes nowhere but the bodies of the preview and the acceptance.
 */

const TOKEN_SHAPE = /^[\w-]{43}$/;

/** The fragment's token, once, with the fragment out of the address; null when there is none. */
function useFragmentToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const fragment = window.location.hash.slice(1);
    const found = TOKEN_SHAPE.test(fragment) ? fragment : null;
    if (found) {
      window.history.replaceState(
        window.history.state,
        "",
        `${window.location.pathname}${window.location.search}`,
      );
    }
    // Read once the page is in the browser: the server has no fragment to render from.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setToken(found);
  }, []);
  return token;
}

export function JoinBoard() {
  const token = useFragmentToken();
  const preview = useBoardInvitationPreview(token ?? null);
  const accept = useAcceptBoardInvitation();
  if (token === undefined || (token && preview.isPending)) return <ProfileScreenLoading />;
  if (token === null) {
    return (
      <EmptyList title="No invitation here">
        Open the link in the invitation mail again: it carries the invitation.
      </EmptyList>
    );
  }
  if (preview.error) {
    return (
      <EmptyList title="This invitation cannot be used">
        {serverMessage(preview.error, "This invitation link is not valid.")}
      </EmptyList>
    );
  }
  const invitation = preview.data!;
  if (accept.isSuccess) {
    return (
      <EmptyList title={`You are on the board’s team as ${BOARD_ROLE_LABELS[accept.data.role]}`}>
        <ButtonLink href={routes.review}>Go to moderation</ButtonLink>
      </EmptyList>
    );
  }
  return (
    <section aria-labelledby="board-invitation" className="max-w-xl">
      <h2 id="board-invitation" className="text-lg font-semibold text-gray-900">
        Join the board{"’"}s team as {BOARD_ROLE_LABELS[invitation.role]}
      </h2>
      <p className="mt-2 text-sm text-gray-600">
        {invitation.invited_by ?? "An owner of the board"} invited {invitation.email}:{" "}
        {BOARD_ROLE_DESCRIPTIONS[invitation.role]} The link works until{" "}
        {formatDate(invitation.expires_at)}.
      </p>
      {invitation.for_you ? (
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <Button busy={accept.isPending} onClick={() => accept.mutate(token)}>
            {accept.isPending ? "Joining…" : "Accept the invitation"}
          </Button>
          <Refusal
            message={
              accept.error ? serverMessage(accept.error, "You did not join. Try again.") : null
            }
          />
        </div>
      ) : (
        <p className="mt-6 text-sm font-medium text-amber-800">
          This invitation is for another address: sign in with {invitation.email} to accept it.
        </p>
      )}
    </section>
  );
}
