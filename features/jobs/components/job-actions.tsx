import { Link } from "@/components/ui/link";
import { createContext, useContext, useEffect, useRef } from "react";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { routes } from "@/lib/routes";

/**
 * What the signed-in candidate did with one job, and the changes they can make. Anonymous
 * visitors get the same buttons; pressing one takes them to sign in and back to this page.
 */
export type JobActions = {
  saved: boolean;
  hidden: boolean;
  /** Where the candidate's own application to it stands, as shown ("Applied"); none: not noted. */
  applicationLabel: string | undefined;
  toggleSave: () => void;
  toggleHidden: () => void;
  markApplied: () => void;
};

/**
 * Each job's actions, by its id. The board's JobActionsProvider
 * (features/board/components/job-actions-provider.tsx) gives them from the candidate's marks,
 * once for the whole page, to every job card and job page under it.
 */
export const JobActionsContext = createContext<((jobId: number) => JobActions) | null>(null);

export function useJobActions(jobId: number): JobActions {
  const actionsFor = useContext(JobActionsContext);
  if (!actionsFor) throw new Error("useJobActions is used outside a JobActionsProvider");
  return actionsFor(jobId);
}

const iconButton = "job-card-button";

/** The save and not-interested buttons on a job card; sits above the card's link. */
export function JobCardActions({
  title,
  actions: { saved, applicationLabel, toggleSave, toggleHidden },
}: {
  title: string;
  actions: JobActions;
}) {
  return (
    <div className="flex items-center gap-1">
      {applicationLabel && (
        <span className="mr-1 inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
          <SpriteIcon name="check-circle" className="size-3.5" />
          {applicationLabel}
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
  const { saved, hidden, applicationLabel, toggleSave, toggleHidden, markApplied } =
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
      {applicationLabel ? (
        <p className="flex items-center justify-center gap-2 rounded-lg bg-emerald-50 px-4 py-2.5 text-sm font-medium text-emerald-800">
          <SpriteIcon name="check-circle" className="size-4" />
          {applicationLabel}:{" "}
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
