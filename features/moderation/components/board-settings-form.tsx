import { useEffect } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { FormTextAreaField, FormTextField } from "@/components/ui/form-fields";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { Refusal } from "@/components/ui/refusal";
import {
  useBoardSettingsAnswer,
  useSaveBoardSettings,
  type BoardSettingsAnswer,
  type BoardSettingsBody,
} from "@/features/moderation/hooks/use-board-settings";
import { formatDate } from "@/lib/format";
import { serverMessage, showServerFieldErrors } from "@/lib/form-errors";

/*
 * The board's settings (issue 64), for its owners: the name, tagline, hero text, contact address
 * and links that the header, footer, mail and structured data print. A field left blank keeps
 * (or goes back to) its default, shown as its placeholder.
 */

type Values = Record<keyof BoardSettingsBody, string>;
const FIELDS = [
  "name",
  "tagline",
  "hero_text",
  "contact_email",
  "newsletter_url",
  "social_url",
  "x_url",
  "linkedin_url",
  "instagram_url",
  "youtube_url",
] as const satisfies readonly (keyof BoardSettingsBody)[];

const formValues = (answer: BoardSettingsAnswer): Values =>
  Object.fromEntries(FIELDS.map((field) => [field, answer.values[field] ?? ""])) as Values;

const blankHint = (fallback: string) => `Left blank: “${fallback}”.`;

function SettingsForm({ answer }: { answer: BoardSettingsAnswer }) {
  const save = useSaveBoardSettings();
  const form = useForm<Values>({ defaultValues: formValues(answer) });
  const { handleSubmit, reset, setError, formState } = form;
  useEffect(() => reset(formValues(answer)), [answer, reset]);
  const onSubmit = handleSubmit((values) => {
    if (save.isPending) return;
    const body = Object.fromEntries(
      FIELDS.map((field) => [field, values[field].trim() === "" ? null : values[field]]),
    ) as BoardSettingsBody;
    save.mutate(body, {
      onError: (error) => {
        if (!showServerFieldErrors(error, setError, FIELDS)) {
          setError("root.server", {
            type: "server",
            message: serverMessage(error, "The settings were not saved. Please try again."),
          });
        }
      },
    });
  });
  const { defaults } = answer;
  return (
    <FormProvider {...form}>
      <GatedForm
        onSubmit={onSubmit}
        noValidate
        aria-label="The board's settings"
        className="max-w-2xl space-y-8"
      >
        <fieldset className="space-y-4">
          <legend className="text-base font-semibold text-gray-900">Name and words</legend>
          <FormTextField
            name="name"
            label="Board name"
            placeholder={defaults.name}
            hint={`In the header, the footer, page titles, mail and search results. ${blankHint(defaults.name)}`}
            maxLength={60}
          />
          <FormTextField
            name="tagline"
            label="Tagline"
            placeholder={defaults.tagline}
            hint={`In the footer. ${blankHint(defaults.tagline)}`}
            maxLength={120}
          />
          <FormTextAreaField
            name="hero_text"
            label="Hero text"
            placeholder={defaults.hero_text}
            hint="The home page's description, for visitors and search engines. Left blank: today's."
            // Room for the default, shown as the placeholder, on a phone (it was cut at 3 rows at
            // 390 wide), and for the 300 characters allowed on a desktop.
            rows={5}
            maxLength={300}
          />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-base font-semibold text-gray-900">Contact and links</legend>
          <FormTextField
            name="contact_email"
            label="Contact address"
            type="email"
            inputMode="email"
            placeholder={defaults.contact_email}
            hint={`Support links and the footer. ${blankHint(defaults.contact_email)}`}
          />
          <FormTextField
            name="newsletter_url"
            label="Newsletter link"
            type="url"
            placeholder={defaults.newsletter_url}
            hint="An address starting with https://."
          />
          <FormTextField
            name="social_url"
            label="“Follow us” link"
            type="url"
            placeholder={defaults.social_url}
            hint="An address starting with https://."
          />
          <FormTextField
            name="x_url"
            label="X profile"
            type="url"
            hint="Shown in the footer when set."
          />
          <FormTextField
            name="linkedin_url"
            label="LinkedIn page"
            type="url"
            hint="Shown in the footer when set."
          />
          <FormTextField
            name="instagram_url"
            label="Instagram profile"
            type="url"
            hint="Shown in the footer when set."
          />
          <FormTextField
            name="youtube_url"
            label="YouTube channel"
            type="url"
            hint="Shown in the footer when set."
          />
        </fieldset>
        <Refusal message={formState.errors.root?.server?.message} />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton busy={save.isPending}>
            {save.isPending ? "Saving…" : "Save settings"}
          </SubmitButton>
          {answer.updated_at && (
            <p className="text-sm text-gray-600">
              Last changed {formatDate(answer.updated_at)}
              {answer.updated_by ? ` by ${answer.updated_by}` : ""}.
            </p>
          )}
        </div>
      </GatedForm>
    </FormProvider>
  );
}

export function BoardSettingsScreen() {
  const { data, error } = useBoardSettingsAnswer(true);
  if (error) return <Refusal message={serverMessage(error, "The settings could not be read.")} />;
  if (!data) return <ProfileScreenLoading />;
  return <SettingsForm answer={data.settings} />;
}
