import { useWatch } from "react-hook-form";
import { FormSelectField, FormTextField } from "@/components/ui/form-fields";
import { ATS_BOARD_HINTS, ATS_KINDS, ATS_LABELS, type AtsKind } from "@/features/imports/ats";

const ATS_OPTIONS = ATS_KINDS.map((kind) => ({ value: kind, label: ATS_LABELS[kind] }));

/**
 * An ATS and a board's name, as a form of react-hook-form's names them (`ats`, `board`): the
 * hint under the name says where that ATS shows it. The employer's form and the moderators' share
 * it.
 */
export function BoardFields({ boardLabel }: { boardLabel: string }) {
  const ats = useWatch<{ ats: AtsKind }, "ats">({ name: "ats" });
  return (
    <div className="grid gap-4 sm:grid-cols-[14rem_minmax(0,1fr)]">
      <FormSelectField name="ats" label="Applicant tracking system" options={ATS_OPTIONS} />
      <FormTextField
        name="board"
        label={boardLabel}
        hint={ATS_BOARD_HINTS[ats]}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        rules={{
          validate: (value: string) => value.trim() !== "" || "Enter the board's name",
        }}
        required
      />
    </div>
  );
}
