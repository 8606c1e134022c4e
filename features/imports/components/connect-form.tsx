import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { BoardFields } from "@/features/imports/components/board-fields";
import { ImportChoices, NO_RULES } from "@/features/imports/components/import-choices";
import { jobsCount, refusalOf } from "@/features/imports/components/import-parts";
import { Refusal } from "@/components/ui/refusal";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { RegionCard } from "@/components/ui/region-card";
import {
  useAddImport,
  usePreviewImport,
  type SourcePreview,
} from "@/features/imports/hooks/use-imports";
import { serverMessage, showServerFieldErrors } from "@/lib/form-errors";
import { ATS_LABELS, type AtsKind } from "@/features/imports/ats";

type BoardValues = { ats: AtsKind; board: string };

/** The fields the API names in a preview's 422. */
const BOARD_FIELDS = ["ats", "board"] as const;

/**
 * Connects the company's applicant tracking system (issue 46): its ATS and board's name, a
 * preview of what would come (a board that is not there, or has no jobs, is said under the
 * name), then the choices and the import itself. The server checks the name; a board imported
 * already (here or by another company) is its 409, said under the button.
 */
export function ConnectForm() {
  const preview = usePreviewImport();
  const add = useAddImport();
  const [previewed, setPreviewed] = useState<SourcePreview | null>(null);
  const form = useForm<BoardValues>({ defaultValues: { ats: "greenhouse", board: "" } });
  const { handleSubmit, setError, reset } = form;

  const onPreview = handleSubmit((values) => {
    if (preview.isPending) return;
    setPreviewed(null);
    add.reset();
    preview.mutate(
      { ats: values.ats, board: values.board },
      {
        onSuccess: setPreviewed,
        onError: (error) => {
          if (!showServerFieldErrors(error, setError, BOARD_FIELDS)) {
            setError("root.server", {
              type: "server",
              message: serverMessage(error, "The board could not be read. Please try again."),
            });
          }
        },
      },
    );
  });

  return (
    <RegionCard
      title="Connect your applicant tracking system"
      lead="Your jobs come from your careers board: read now, then every hour. New and changed jobs go live, and jobs you close end here too."
    >
      <FormProvider {...form}>
        <GatedForm
          onSubmit={onPreview}
          noValidate
          aria-label="Your applicant tracking system"
          className="space-y-4"
        >
          <BoardFields boardLabel="Your board's name" />
          <div className="flex flex-wrap items-center justify-end gap-4">
            <Refusal message={form.formState.errors.root?.server?.message} />
            <SubmitButton variant="secondary" busy={preview.isPending}>
              {preview.isPending ? "Reading the board…" : "Preview"}
            </SubmitButton>
          </div>
        </GatedForm>
      </FormProvider>

      {previewed && (
        <ImportChoices
          // A new preview (another board) starts its choices afresh.
          key={`${previewed.ats}:${previewed.board}`}
          label={`Import choices for ${ATS_LABELS[previewed.ats]}: ${previewed.board}`}
          first={previewed}
          rules={NO_RULES}
          plan="standard"
          submitLabel={(shown) => `Import ${jobsCount(shown.importable)}`}
          pendingLabel="Importing…"
          pending={add.isPending}
          refusal={
            add.isError
              ? refusalOf(add.error, "The import was not started. Please try again.")
              : null
          }
          onSubmit={(rules, plan) =>
            add.mutate(
              { ats: previewed.ats, board: previewed.board, rules, plan },
              {
                onSuccess: () => {
                  setPreviewed(null);
                  reset({ ats: previewed.ats, board: "" });
                },
              },
            )
          }
        />
      )}
    </RegionCard>
  );
}
