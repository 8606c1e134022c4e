import dynamic from "next/dynamic";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/router";
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import type { PersonalJobMarks } from "@/features/jobs/components/personal-job-marks";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { useAuth } from "@/lib/auth/auth-context";
import { APPLICATION_STATUSES } from "@/features/account/constants";
import { routes, signInThenBackTo } from "@/lib/routes";

/**
 * What the signed-in candidate did with one job, and the changes they can make. Anonymous
 * visitors get the same buttons; pressing one takes them to sign in and back to this page.
 */
export type JobActions = ReturnType<typeof useJobActions>;

// The marks' query and mutations (and react-query) load only once someone is signed in.
const PersonalJobMarksSource = dynamic(
  () =>
    import("@/features/jobs/components/personal-job-marks").then(
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
  return useMemo(() => ({ marks, run }), [marks, run]);
}

const JobActionsContext = createContext<ReturnType<typeof useSharedJobActions> | null>(null);

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
  const shared = useSharedJobActions(status === "signed-in" ? personal : null);
  return (
    <JobActionsContext.Provider value={shared}>
      {children}
      {status === "signed-in" && <PersonalJobMarksSource onChange={reportMarks} />}
    </JobActionsContext.Provider>
  );
}

export function useJobActions(jobId: number) {
  const shared = useContext(JobActionsContext);
  if (!shared) throw new Error("useJobActions is used outside a JobActionsProvider");
  const { marks, run } = shared;
  const saved = Boolean(marks?.saved.includes(jobId));
  const hidden = Boolean(marks?.hidden.includes(jobId));
  const application = marks?.applications[jobId];

  return {
    saved,
    hidden,
    application,
    toggleSave: () => run((personal) => (saved ? personal.unsaveJob : personal.saveJob)(jobId)),
    toggleHidden: () => run((personal) => (hidden ? personal.unhideJob : personal.hideJob)(jobId)),
    markApplied: () => run((personal) => personal.applyToJob(jobId)),
  };
}

const statusLabel = (slug: string) =>
  APPLICATION_STATUSES.find((status) => status.slug === slug)?.label ?? slug;

const iconButton = "job-card-button";

/** The save and not-interested buttons on a job card; sits above the card's link. */
export function JobCardActions({
  title,
  actions: { saved, application, toggleSave, toggleHidden },
}: {
  title: string;
  actions: JobActions;
}) {
  return (
    <div className="flex items-center gap-1">
      {application && (
        <span className="mr-1 inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
          <SpriteIcon name="check-circle" className="size-3.5" />
          {statusLabel(application.status)}
        </span>
      )}
      <button
        type="button"
        onClick={toggleSave}
        aria-pressed={saved}
        title={saved ? "Saved" : "Save job"}
        className={`${iconButton} ${saved ? "text-violet-700" : ""}`}
      >
        {saved ? (
          <SpriteIcon name="bookmark" className="size-5" />
        ) : (
          <SpriteIcon name="bookmark-outline" className="size-5" />
        )}
        <span className="sr-only">Save {title}</span>
      </button>
      <button type="button" onClick={toggleHidden} title="Not interested" className={iconButton}>
        <SpriteIcon name="eye-slash" className="size-5" />
        <span className="sr-only">Not interested in {title}</span>
      </button>
    </div>
  );
}

/** In place of a job the candidate just hid: a way to take it back. */
export function HiddenJobNotice({ title, actions }: { title: string; actions: JobActions }) {
  // The pressed button is gone with the card: keyboard focus moves on to the way back.
  const undo = useRef<HTMLButtonElement>(null);
  useEffect(() => undo.current?.focus(), []);
  return (
    <div className="flex items-center justify-between gap-4 rounded-2xl border border-dashed border-gray-300 bg-gray-50 px-4 py-3 text-sm text-gray-600">
      <p>
        <span className="font-medium text-gray-900">{title}</span> is hidden from your lists.
      </p>
      <button
        ref={undo}
        type="button"
        onClick={actions.toggleHidden}
        className="shrink-0 cursor-pointer font-semibold text-violet-700 hover:text-violet-600"
      >
        Undo
      </button>
    </div>
  );
}

const pageButton =
  "flex w-full cursor-pointer items-center justify-center gap-1.5 rounded-lg px-2 py-2.5 text-sm font-semibold whitespace-nowrap ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600";

/**
 * The job page's save, applied and not-interested buttons, under the apply button. A job that
 * takes applications on the board tracks them itself (the apply button shows the stage), so it
 * offers no "I applied" of its own.
 */
export function JobPageActions({
  jobId,
  acceptingApplications,
  appliesOnBoard,
}: {
  jobId: number;
  acceptingApplications: boolean;
  appliesOnBoard: boolean;
}) {
  const { saved, hidden, application, toggleSave, toggleHidden, markApplied } =
    useJobActions(jobId);
  return (
    <div className="mt-3 space-y-2">
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          onClick={toggleSave}
          aria-pressed={saved}
          className={`${pageButton} ${saved ? "bg-violet-50 text-violet-800 ring-violet-200" : "bg-white text-gray-900 ring-gray-300 hover:bg-gray-50"}`}
        >
          {saved ? (
            <SpriteIcon name="bookmark" className="size-4" />
          ) : (
            <SpriteIcon name="bookmark-outline" className="size-4" />
          )}
          {saved ? "Saved" : "Save"}
        </button>
        <button
          type="button"
          onClick={toggleHidden}
          aria-pressed={hidden}
          className={`${pageButton} ${hidden ? "bg-gray-100 text-gray-800 ring-gray-300" : "bg-white text-gray-900 ring-gray-300 hover:bg-gray-50"}`}
        >
          <SpriteIcon name="eye-slash" className="size-4" />
          {hidden ? "Hidden" : "Not interested"}
        </button>
      </div>
      {application ? (
        <p className="flex items-center justify-center gap-2 rounded-lg bg-emerald-50 px-4 py-2.5 text-sm font-medium text-emerald-800">
          <SpriteIcon name="check-circle" className="size-4" />
          {statusLabel(application.status)}:{" "}
          <Link href={routes.appliedJobs} className="underline">
            track it in your applications
          </Link>
        </p>
      ) : (
        acceptingApplications &&
        !appliesOnBoard && (
          <button
            type="button"
            onClick={markApplied}
            className={`${pageButton} bg-white text-gray-900 ring-gray-300 hover:bg-gray-50`}
          >
            <SpriteIcon name="check-circle" className="size-4 text-gray-400" />I applied: track it
          </button>
        )
      )}
      <p className="sr-only" role="status">
        {hidden ? "Hidden from your lists" : saved ? "Saved to your jobs" : ""}
      </p>
    </div>
  );
}
