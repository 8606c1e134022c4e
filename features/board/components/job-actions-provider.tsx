import dynamic from "next/dynamic";
import { useRouter } from "next/router";
import { startTransition, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { PersonalJobMarks } from "@/features/board/components/personal-job-marks";
import { JobActionsContext, type JobActions } from "@/features/jobs/components/job-actions";
import { useAuth } from "@/lib/auth/auth-context";
import { APPLICATION_STATUSES } from "@/features/account/constants";
import { signInThenBackTo } from "@/lib/routes";

// The marks' query and mutations (and react-query) load only once someone is signed in.
const PersonalJobMarksSource = dynamic(
  () =>
    import("@/features/board/components/personal-job-marks").then(
      (module) => module.PersonalJobMarksSource,
    ),
  { ssr: false },
);

type Action = (personal: PersonalJobMarks) => void;

/**
 * The candidate's marks and the mutations that change them, made once for the whole page (a list
 * has twenty cards; each making its own five mutation observers was a tenth of a render).
 */
function useSharedJobActions(personal: PersonalJobMarks | null) {
  const router = useRouter();
  const { status } = useAuth();
  // The mutations as they are now: an action queued before they arrived runs the arrived ones.
  const current = useRef(personal);
  useEffect(() => {
    current.current = personal;
  }, [personal]);
  const ready = status === "signed-out" || (status === "signed-in" && personal !== null);

  // A press while the identity provider (or the candidate's marks) is still loading waits.
  const queued = useRef<Action | null>(null);
  const perform = useCallback(
    (action: Action) => {
      if (status !== "signed-in") void router.push(signInThenBackTo(router.asPath));
      else if (current.current) action(current.current);
    },
    [router, status],
  );
  useEffect(() => {
    const action = queued.current;
    if (!action || !ready) return;
    queued.current = null;
    perform(action);
  }, [perform, ready]);
  const run = useCallback(
    (action: Action) => {
      if (!ready) queued.current = action;
      else perform(action);
    },
    [perform, ready],
  );
  const marks = personal?.marks;
  // One job's actions (useJobActions in features/jobs/components/job-actions.tsx).
  return useCallback(
    (jobId: number): JobActions => {
      const saved = Boolean(marks?.saved.includes(jobId));
      const hidden = Boolean(marks?.hidden.includes(jobId));
      const application = marks?.applications[jobId];
      return {
        saved,
        hidden,
        applicationLabel: application && statusLabel(application.status),
        toggleSave: () => run((personal) => (saved ? personal.unsaveJob : personal.saveJob)(jobId)),
        toggleHidden: () =>
          run((personal) => (hidden ? personal.unhideJob : personal.hideJob)(jobId)),
        markApplied: () => run((personal) => personal.applyToJob(jobId)),
      };
    },
    [marks, run],
  );
}

const statusLabel = (slug: string) =>
  APPLICATION_STATUSES.find((status) => status.slug === slug)?.label ?? slug;

/** Gives every job card and job page under it the candidate's marks and actions. */
export function JobActionsProvider({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const [personal, setPersonal] = useState<PersonalJobMarks | null>(null);
  // A transition, as for the token (auth-context.tsx): the marks can arrive while the page is
  // still hydrating, and an urgent update here would render the unhydrated part anew.
  const reportMarks = useCallback(
    (marks: PersonalJobMarks | null) => startTransition(() => setPersonal(marks)),
    [],
  );
  const actionsFor = useSharedJobActions(status === "signed-in" ? personal : null);
  return (
    <JobActionsContext.Provider value={actionsFor}>
      {children}
      {status === "signed-in" && <PersonalJobMarksSource onChange={reportMarks} />}
    </JobActionsContext.Provider>
  );
}
