import { useEffect } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import {
  useApplyToJob,
  useHideJob,
  useJobMarks,
  useSaveJob,
  useUnhideJob,
  useUnsaveJob,
} from "@/features/account/hooks/use-job-marks";
import type { JobMarks } from "@/features/account/types";

/** The signed-in candidate's marks and the changes they can make to them. */
export type PersonalJobMarks = {
  marks: JobMarks | undefined;
  saveJob: (jobId: number) => void;
  unsaveJob: (jobId: number) => void;
  hideJob: (jobId: number) => void;
  unhideJob: (jobId: number) => void;
  applyToJob: (jobId: number) => void;
};

type Report = (personal: PersonalJobMarks | null) => void;

function MarksReporter({ onChange }: { onChange: Report }) {
  const { data: marks } = useJobMarks();
  const { mutate: saveJob } = useSaveJob();
  const { mutate: unsaveJob } = useUnsaveJob();
  const { mutate: hideJob } = useHideJob();
  const { mutate: unhideJob } = useUnhideJob();
  const { mutate: applyToJob } = useApplyToJob();
  useEffect(
    () => onChange({ marks, saveJob, unsaveJob, hideJob, unhideJob, applyToJob }),
    [onChange, marks, saveJob, unsaveJob, hideJob, unhideJob, applyToJob],
  );
  useEffect(() => () => onChange(null), [onChange]);
  return null;
}

/**
 * Reads the candidate's marks and makes the mutations that change them, once for the whole page,
 * and hands them up to JobActionsProvider. Loaded only for someone signed in, with react-query.
 */
export function PersonalJobMarksSource({ onChange }: { onChange: Report }) {
  return (
    <QueryProvider>
      <MarksReporter onChange={onChange} />
    </QueryProvider>
  );
}
