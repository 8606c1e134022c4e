import { FormProvider, useForm, useWatch } from "react-hook-form";
import { BoardFields } from "@/features/imports/components/board-fields";
import { boardName, refusalOf } from "@/features/imports/components/import-parts";
import { Refusal } from "@/components/ui/refusal";
import { FormTextField } from "@/components/ui/form-fields";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { RegionCard } from "@/components/ui/region-card";
import { useAddImportForCompany } from "@/features/imports/hooks/use-imports";
import { showServerFieldErrors } from "@/lib/form-errors";
import type { AtsKind } from "@/features/imports/ats";

/** Named as the API names its fields, so that a 422 shows by each. */
type AddValues = {
  ats: AtsKind;
  board: string;
  which: "existing" | "new";
  company_id: string;
  company: { name: string; website: string };
};

const SERVER_FIELDS = ["ats", "board", "company_id", "company.name", "company.website"] as const;

const radioClass = "size-4 shrink-0 accent-violet-600";

/**
 * A board imported for a company (a backfill): one on the board, by its id, or a new one by name
 * and website, with no account until an employer at its domain claims it. Reviewed as it is
 * added; the server's refusals show by their fields.
 */
export function AddForCompanyForm({ onAdded }: { onAdded: (said: string) => void }) {
  const add = useAddImportForCompany();
  const form = useForm<AddValues>({
    defaultValues: {
      ats: "greenhouse",
      board: "",
      which: "existing",
      company_id: "",
      company: { name: "", website: "" },
    },
  });
  const { handleSubmit, setError, reset, control, register } = form;
  const which = useWatch({ control, name: "which" });

  const onSubmit = handleSubmit((values) => {
    if (add.isPending) return;
    const company =
      values.which === "existing"
        ? { company_id: Number(values.company_id) }
        : { company: values.company };
    add.mutate(
      { ats: values.ats, board: values.board, ...company },
      {
        onSuccess: ({ source }) => {
          onAdded(`Import added: ${boardName(source)}. Its board is read now.`);
          reset();
        },
        onError: (error) => {
          if (!showServerFieldErrors(error, setError, SERVER_FIELDS)) {
            setError("root.server", {
              type: "server",
              message: refusalOf(error, "The import was not added. Please try again."),
            });
          }
        },
      },
    );
  });

  return (
    <RegionCard
      title="Import a board for a company"
      lead="For a company on the board, or a new one whose page says its jobs come from its careers site. Reviewed as it is added."
    >
      <FormProvider {...form}>
        <GatedForm
          onSubmit={onSubmit}
          noValidate
          aria-label="Import a board for a company"
          className="space-y-4"
        >
          <BoardFields boardLabel="Board's name" />
          <fieldset>
            <legend className="text-sm font-medium text-gray-900">Company</legend>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm text-gray-800">
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  value="existing"
                  className={radioClass}
                  {...register("which")}
                />
                On the board, by its id
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" value="new" className={radioClass} {...register("which")} />A
                new company, with no account yet
              </label>
            </div>
          </fieldset>
          {which === "existing" ? (
            <div className="max-w-56">
              <FormTextField
                name="company_id"
                label="Company id"
                inputMode="numeric"
                autoComplete="off"
                rules={{
                  validate: (value: string) =>
                    /^[1-9]\d*$/.test(value.trim()) || "Enter the company's id, a whole number",
                }}
                required
              />
            </div>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormTextField
                name="company.name"
                label="Company name"
                autoComplete="off"
                rules={{
                  validate: (value: string) => value.trim() !== "" || "Enter the company's name",
                }}
                required
              />
              <FormTextField
                name="company.website"
                label="Website"
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://example.com"
                required
              />
            </div>
          )}
          <div className="flex flex-wrap items-center justify-end gap-4">
            <Refusal message={form.formState.errors.root?.server?.message} />
            <SubmitButton busy={add.isPending}>
              {add.isPending ? "Adding…" : "Import the board"}
            </SubmitButton>
          </div>
        </GatedForm>
      </FormProvider>
    </RegionCard>
  );
}

/** A source's last run and failures, in the table's cell. */
