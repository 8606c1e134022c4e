import { useEffect, useState } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { Refusal } from "@/components/ui/refusal";
import {
  useAcceptBoardInvitation,
  useBoardInvitationPreview,
} from "@/features/moderation/hooks/use-board-team";
import {
  JOIN_TOKEN_SHAPE,
  storedInvitationToken,
  storeInvitationToken,
} from "@/features/companies/join-link";
import { BOARD_JOIN_TOKEN_KEY } from "@/features/moderation/join-link";
import { BOARD_ROLE_DESCRIPTIONS, BOARD_ROLE_LABELS } from "@/lib/auth/board-roles";
import { formatDate } from "@/lib/format";
import { serverMessage } from "@/lib/form-errors";
import { routes } from "@/lib/routes";

/*
 * Where an invitation to the board's team leads (issue 64): /review/join#<token>. The token is in
 * the fragment (which browsers never send); the head script (features/moderation/join-link.ts)
 * keeps it in this tab and takes it out of the address before anything reads the address, so
 * someone sent to sign in first finds it on their return. It goes nowhere but the bodies of the
 * preview and the acceptance.
 */

/**
 * The invitation's token, once the page is in the browser: the fragment's (where the head script
 * could not keep it: storage off), else the one this tab kept (BOARD_JOIN_TOKEN_KEY), through a
 * sign-in too; null when there is none. The fragment leaves the address.
 */
function useInvitationToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const fragment = window.location.hash.slice(1);
    const found = JOIN_TOKEN_SHAPE.test(fragment) ? fragment : null;
    if (found) {
      storeInvitationToken(BOARD_JOIN_TOKEN_KEY, found);
      window.history.replaceState(
        window.history.state,
        "",
        `${window.location.pathname}${window.location.search}`,
      );
    }
    // Read once the page is in the browser: the server has neither fragment nor storage.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setToken(found ?? storedInvitationToken(BOARD_JOIN_TOKEN_KEY));
  }, []);
  return token;
}

export function JoinBoard() {
  const token = useInvitationToken();
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
          <Button
            busy={accept.isPending}
            onClick={() =>
              accept.mutate(token, {
                // Used: this tab forgets it.
                onSuccess: () => storeInvitationToken(BOARD_JOIN_TOKEN_KEY, null),
              })
            }
          >
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
