import { useRouter } from "next/router";
import type { ReactNode } from "react";
import { GoogleSignIn } from "@/components/auth/google-sign-in";
import { Button, ButtonLink } from "@/components/ui/button";
import { useCurrentUser } from "@/hooks/use-current-user";
import { useClaimCompany } from "@/features/imports/hooks/use-claim-company";
import { useAuth } from "@/lib/auth/auth-context";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";

export type ClaimPageProps = {
  name: string;
  slug: string;
  /** Its website's host, whose addresses may claim it; null when it has no website. */
  domain: string | null;
  /** Someone runs it already. */
  claimed: boolean;
};

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="bg-gray-50 px-4 py-16 sm:py-24">
      <div className="mx-auto w-full max-w-lg rounded-2xl bg-white p-8 shadow-sm ring-1 ring-gray-200 sm:p-10">
        <h1 className="text-2xl font-bold tracking-tight text-balance text-gray-950">{title}</h1>
        <div className="mt-4 space-y-4 text-base leading-7 text-gray-600">{children}</div>
      </div>
    </div>
  );
}

function Alert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </p>
  );
}

/** Signed in: who is signed in, checked against the domain, and Claim. */
function Claim({ name, slug, domain }: ClaimPageProps) {
  const router = useRouter();
  const { data: user } = useCurrentUser();
  const claim = useClaimCompany(slug);
  const refusal = claim.data && "refused" in claim.data ? claim.data.refused : null;
  const elsewhere = user?.company ?? null;
  if (elsewhere) {
    return (
      <Alert>
        You are in {elsewhere.name}&rsquo;s team. A person is in one company at a time: leave it
        from its team page first.
      </Alert>
    );
  }
  return (
    <>
      {user?.email && (
        <p className="text-sm">
          Signed in as <strong className="font-semibold text-gray-900">{user.email}</strong>.
        </p>
      )}
      {refusal && <Alert>{refusal}</Alert>}
      <Button
        size="lg"
        className="w-full"
        busy={claim.isPending}
        onClick={() =>
          claim.mutate(undefined, {
            onSuccess: (answer) => {
              if ("ok" in answer) void router.push(routes.imports);
            },
          })
        }
      >
        {claim.isPending ? "Claiming…" : `Claim ${name}`}
      </Button>
      {domain && (
        <p className="text-sm">Only an account with a verified address at {domain} can.</p>
      )}
    </>
  );
}

/**
 * A company the board's moderators added so that its jobs could be imported from its careers
 * site: whoever signs in with an address at its domain becomes its owner, and runs its imports.
 */
export function ClaimCompany(props: ClaimPageProps) {
  const { status } = useAuth();
  const title = `Claim ${props.name}`;
  if (props.claimed) {
    return (
      <Card title={title}>
        <p>
          {props.name} is run by its own team on {boardSettings().name}. Ask its owner to invite
          you.
        </p>
        <ButtonLink href={routes.company(props.slug)} variant="secondary">
          See {props.name}&rsquo;s jobs
        </ButtonLink>
      </Card>
    );
  }
  return (
    <Card title={title}>
      <p>
        {boardSettings().name} shows {props.name}&rsquo;s jobs from its careers site. Claim the
        company to run its page and imports yourself: choose which jobs appear, sponsor them, and
        see who applies through the board.
      </p>
      {!props.domain ? (
        <Alert>
          {props.name} has no website on the board to check your address against: write to us.
        </Alert>
      ) : status === "loading" ? (
        <p role="status" className="text-sm">
          Checking whether you are signed in…
        </p>
      ) : status === "signed-out" ? (
        <>
          <p>Sign in with your Google account at {props.domain}.</p>
          <GoogleSignIn />
        </>
      ) : (
        <Claim {...props} />
      )}
    </Card>
  );
}
