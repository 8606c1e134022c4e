import { useRouter } from "next/router";
import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import { GoogleSignIn } from "@/components/auth/google-sign-in";
import { Button, ButtonLink } from "@/components/ui/button";
import { useCurrentUser } from "@/hooks/use-current-user";
import {
  useAcceptInvitation,
  useInvitationPreview,
  type InvitationPreview,
} from "@/features/companies/hooks/use-team";
import { useAuth } from "@/lib/auth/auth-context";
import {
  JOIN_TOKEN_KEY,
  JOIN_TOKEN_SHAPE,
  storedInvitationToken,
  storeInvitationToken,
} from "@/features/companies/join-link";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "@/lib/auth/company-roles";
import { formatDate } from "@/lib/format";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";

/*
 * Where an invitation's link leads: /join#<token> (issue 44). The token is in the fragment, which
 * browsers never send to a server, and it leaves the address as soon as the page runs: kept in
 * this tab's sessionStorage instead (a sign-out to change account reloads the page), it goes
 * nowhere but the bodies of POST /api/invitations/preview and /accept. It must be out of the
 * address before anything reads the address to send it elsewhere: Firebase's sign-in popup
 * passes the page's whole address (fragment included) to the identity provider. The head's
 * script (features/companies/join-link.ts) has usually done so before this runs.
 */

type InvitationLink =
  | { state: "reading" }
  | { state: "none" }
  | { state: "malformed" }
  | { state: "token"; token: string };

const stored = () => storedInvitationToken(JOIN_TOKEN_KEY);
const store = (token: string | null) => storeInvitationToken(JOIN_TOKEN_KEY, token);

/** The address without its fragment, in place (no navigation, no request). */
function dropFragment(): void {
  const path = `${window.location.pathname}${window.location.search}`;
  const state: unknown = window.history.state;
  // Next.js's router keeps the address in its history entry too (`as`): that one loses it as well.
  const next =
    state !== null && typeof state === "object" && "as" in state ? { ...state, as: path } : state;
  window.history.replaceState(next, "", path);
}

/**
 * A token in the fragment, taken: kept in this tab, and the fragment out of the address. Null
 * when the fragment holds none (the "Skip to content" link's #main, say).
 */
function takeFragment(): InvitationLink | null {
  const fragment = window.location.hash.slice(1);
  if (!JOIN_TOKEN_SHAPE.test(fragment)) return null;
  store(fragment);
  dropFragment();
  return { state: "token", token: fragment };
}

/** As the page opens: the fragment's token, else the one this tab kept, else why there is none. */
function readLink(): InvitationLink {
  const taken = takeFragment();
  if (taken) return taken;
  const fragment = window.location.hash.slice(1);
  if (fragment && fragment !== "main") return { state: "malformed" };
  const kept = stored();
  return kept ? { state: "token", token: kept } : { state: "none" };
}

/** This tab's invitation link once read; the address has lost its fragment by then. */
let taken: InvitationLink | undefined;

const READING: InvitationLink = { state: "reading" };

function takenLink(): InvitationLink {
  taken ??= readLink();
  return taken;
}

/**
 * Follows the fragment: a link opened while the page is open (another invitation's, or this page
 * reached again by a client-side navigation) brings its token.
 */
function watchLink(onChange: () => void): () => void {
  const changed = () => {
    const next = takeFragment();
    if (next) {
      taken = next;
      onChange();
    }
  };
  changed();
  window.addEventListener("hashchange", changed);
  return () => window.removeEventListener("hashchange", changed);
}

/**
 * The invitation's link: "reading" in the server's HTML and while hydrating, then the token (or
 * why there is none), read before anything on the page can open the sign-in popup.
 */
function useInvitationLink() {
  const link = useSyncExternalStore(watchLink, takenLink, () => READING);
  const router = useRouter();
  // Next.js's router read the address before the token left it: it forgets it too (to Next.js a
  // change of fragment only: no request, no data function).
  const { asPath } = router;
  useEffect(() => {
    if (/#[\w-]{43}$/.test(asPath)) {
      void router.replace(routes.joinCompany, undefined, { shallow: true, scroll: false });
    }
  }, [asPath, router]);
  const forget = () => {
    store(null);
    taken = undefined;
  };
  return { link, forget };
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="bg-gray-50 px-4 py-16 sm:py-24">
      <div className="mx-auto w-full max-w-lg rounded-2xl bg-white p-8 shadow-sm ring-1 ring-gray-200 sm:p-10">
        <h1 className="text-2xl font-bold tracking-tight text-gray-950">{title}</h1>
        <div className="mt-4 space-y-4 text-base leading-7 text-gray-600">{children}</div>
      </div>
    </div>
  );
}

function Waiting({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-sm text-gray-600">
      {children}
    </p>
  );
}

/** Signed out: what the link is, and Google's sign-in popup, as the sign-in pages have it. */
function SignInFirst() {
  return (
    <>
      <p>
        Someone invited you to their company&rsquo;s team on {boardSettings().name}: to post and run
        its job listings and applicants with them, with the role they chose for you.
      </p>
      <p>
        Sign in with the Google account of the address the invitation was sent to. You then see
        which company and role it is before you accept.
      </p>
      <GoogleSignIn />
    </>
  );
}

/** Signed in as someone else than the invited address: the way to the right account. */
function OtherAccount({ email, children }: { email: string; children?: ReactNode }) {
  const { signOut } = useAuth();
  return (
    <div className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
      {children}
      <p>Sign in with the account of {email} to accept it.</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        // Reloads this page signed out; the invitation is kept in this tab meanwhile.
        onClick={() => void signOut({ reloadTo: routes.joinCompany })}
      >
        Sign in with another account
      </Button>
    </div>
  );
}

/** Why a link cannot be used, as the server says it, and what to do about it. */
function Refused({
  message,
  code,
  invitation,
}: {
  message: string;
  code: string | undefined;
  invitation?: InvitationPreview;
}) {
  return (
    <>
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
        {message}
      </p>
      {code === "forbidden" && invitation && <OtherAccount email={invitation.email} />}
      {code === "conflict" && (
        <p className="text-sm">
          A person is in one company at a time. Leave yours from its team page first, then open the
          link again.{" "}
          <ButtonLink href={routes.team} variant="secondary" size="sm" className="mt-3">
            Your team
          </ButtonLink>
        </p>
      )}
      {(code === "gone" || code === "not_found" || code === "invalid_input") && (
        <p className="text-sm">
          Ask whoever invited you to send the invitation again: a new mail brings a new link.
        </p>
      )}
    </>
  );
}

/** Signed in: what the invitation offers, checked against who is signed in, and Accept. */
function Offer({ token, forget }: { token: string; forget: () => void }) {
  const router = useRouter();
  const preview = useInvitationPreview(token);
  const { data: user } = useCurrentUser();
  const accept = useAcceptInvitation();
  const answer = preview.data;

  if (preview.isError) {
    return (
      <>
        <p>The invitation could not be read just now.</p>
        <Button variant="secondary" size="sm" onClick={() => void preview.refetch()}>
          Try again
        </Button>
      </>
    );
  }
  if (!answer) return <Waiting>Reading your invitation…</Waiting>;
  if ("refused" in answer) return <Refused message={answer.refused} code={answer.code} />;

  const invitation = answer.ok;
  const refusal = accept.data && "refused" in accept.data ? accept.data : null;
  const otherAddress = !invitation.for_you;
  const elsewhere = user?.company ?? null;
  const join = () => {
    if (accept.isPending) return;
    accept.mutate(token, {
      onSuccess: (result) => {
        if ("ok" in result) {
          forget();
          void router.push(routes.team);
        } else if (result.code !== "forbidden" && result.code !== "conflict") {
          // Expired, used or withdrawn meanwhile: the link is no use any more.
          forget();
        }
      },
    });
  };

  return (
    <>
      <p className="text-lg text-gray-900">
        Join <strong className="font-semibold">{invitation.company_name}</strong> as{" "}
        <strong className="font-semibold">{ROLE_LABELS[invitation.role]}</strong>
      </p>
      <p className="text-sm">{ROLE_DESCRIPTIONS[invitation.role]}</p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {invitation.invited_by && (
          <>
            <dt className="font-medium text-gray-900">Invited by</dt>
            <dd>{invitation.invited_by}</dd>
          </>
        )}
        <dt className="font-medium text-gray-900">Sent to</dt>
        <dd className="break-all">{invitation.email}</dd>
        <dt className="font-medium text-gray-900">Link works until</dt>
        <dd>{formatDate(invitation.expires_at)}</dd>
      </dl>
      {refusal ? (
        <Refused message={refusal.refused} code={refusal.code} invitation={invitation} />
      ) : otherAddress ? (
        <OtherAccount email={invitation.email}>
          <p>
            You are signed in as {user?.email}, and this invitation is for {invitation.email}.
          </p>
        </OtherAccount>
      ) : elsewhere ? (
        <Refused
          message={`You are already in ${elsewhere.name}'s team.`}
          code="conflict"
          invitation={invitation}
        />
      ) : (
        <Button size="lg" className="w-full" busy={accept.isPending} onClick={join}>
          {accept.isPending ? "Joining…" : `Accept and join ${invitation.company_name}`}
        </Button>
      )}
    </>
  );
}

/**
 * /join#<token>: an invitation to a company's team. Signed out, it says what it is and offers
 * Google's sign-in; signed in, it shows the company, the role, who invited and the address it was
 * sent to, with Accept; then the team page. The server's refusals are shown as it says them.
 */
export function JoinInvitation() {
  const { status } = useAuth();
  const { link, forget } = useInvitationLink();

  let content: ReactNode;
  if (link.state === "reading") content = <Waiting>Reading your invitation…</Waiting>;
  else if (link.state === "none") {
    content = (
      <p>
        This page opens an invitation to a company&rsquo;s team on {boardSettings().name}. Open the
        link in your invitation mail: it carries the invitation.
      </p>
    );
  } else if (link.state === "malformed") {
    content = (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
        This is not an invitation link of ours, or not all of it: open the link in the mail again
        (some mail programs cut long links in two).
      </p>
    );
  } else if (status === "loading") content = <Waiting>Checking whether you are signed in…</Waiting>;
  else if (status === "signed-out") content = <SignInFirst />;
  else content = <Offer token={link.token} forget={forget} />;

  return <Card title="Join a company’s team">{content}</Card>;
}
