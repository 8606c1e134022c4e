import { useEffect, useState } from "react";
import { Controller, FormProvider, useForm } from "react-hook-form";
import { FormTextAreaField, FormTextField } from "@/components/ui/form-fields";
import { FormSection, ToggleField } from "@/components/ui/form-controls";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { PictureOrInitial } from "@/components/ui/avatar";
import { Link } from "@/components/ui/link";
import {
  useUpdateCurrentUser,
  type CurrentUser,
  type CurrentUserChanges,
} from "@/hooks/use-current-user";
import { showServerFieldErrors } from "@/lib/form-errors";
import { routes } from "@/lib/routes";
import { PROFILE_VISIBILITY_LABELS } from "@/features/account/profile-visibility";

type OverviewValues = {
  full_name: string;
  headline: string;
  location: string;
  bio: string;
  website_url: string;
  linkedin_url: string;
  /** Comma-separated in the form; a list in the API. */
  skills: string;
  open_to_work: boolean;
};

const FIELDS = [
  "full_name",
  "headline",
  "location",
  "bio",
  "website_url",
  "linkedin_url",
  "skills",
  "open_to_work",
] as const;

function valuesOf(user: CurrentUser): OverviewValues {
  return {
    full_name: user.full_name ?? "",
    headline: user.headline ?? "",
    location: user.location ?? "",
    bio: user.bio ?? "",
    website_url: user.website_url ?? "",
    linkedin_url: user.linkedin_url ?? "",
    skills: user.skills.join(", "),
    open_to_work: user.open_to_work,
  };
}

function changesOf(values: OverviewValues): CurrentUserChanges {
  return {
    ...values,
    skills: values.skills
      .split(",")
      .map((skill) => skill.trim())
      .filter(Boolean),
  };
}

/** The candidate's public profile: who they are, what they do, and whether employers see it. */
export function OverviewForm({ user }: { user: CurrentUser }) {
  const update = useUpdateCurrentUser();
  const [saved, setSaved] = useState(false);
  const form = useForm<OverviewValues>({ defaultValues: valuesOf(user) });
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = form;

  // A save (or another tab's) brings new values: the form starts again from them.
  useEffect(() => reset(valuesOf(user)), [reset, user]);

  const onSubmit = handleSubmit((values) => {
    setSaved(false);
    update.mutate(changesOf(values), {
      onSuccess: () => setSaved(true),
      onError: (error) => showServerFieldErrors(error, setError, FIELDS),
    });
  });

  return (
    <FormProvider {...form}>
      <GatedForm onSubmit={onSubmit} noValidate className="space-y-6">
        <FormSection
          title="About you"
          lead="Employers see this when you apply, and wherever your profile is shown."
        >
          <div className="flex items-center gap-4">
            <PictureOrInitial
              src={user.avatar_url}
              name={user.full_name ?? user.email ?? ""}
              size="large"
            />
            <div className="min-w-0 text-sm">
              <p className="truncate font-medium text-gray-900">{user.email}</p>
              <p className="text-gray-500">Your picture comes from your Google account.</p>
            </div>
          </div>
          <FormTextField name="full_name" label="Full name" autoComplete="name" required />
          <FormTextField
            name="headline"
            label="Headline"
            hint="One line, e.g. “Creator partnerships lead, 6 years in gaming”."
          />
          <FormTextField
            name="location"
            label="Location"
            autoComplete="address-level2"
            hint="City and country, or “Remote”."
          />
          <FormTextAreaField
            name="bio"
            label="Bio"
            rows={5}
            hint="What you have done and what you want to do next."
          />
          <FormTextField
            name="skills"
            label="Skills"
            hint="Separate skills with commas, e.g. Brand deals, TikTok, Premiere Pro."
          />
        </FormSection>

        <FormSection title="Links">
          <FormTextField
            name="website_url"
            label="Website or portfolio"
            type="url"
            inputMode="url"
            placeholder="https://"
          />
          <FormTextField
            name="linkedin_url"
            label="LinkedIn profile"
            type="url"
            inputMode="url"
            placeholder="https://www.linkedin.com/in/"
          />
        </FormSection>

        <FormSection title="Visibility">
          <Controller
            control={control}
            name="open_to_work"
            render={({ field, fieldState }) => (
              <ToggleField
                label="Open to work"
                hint="Tell employers you are looking for a new role."
                checked={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <p className="text-sm text-gray-600">
            Who sees your profile:{" "}
            <span className="font-medium text-gray-900">
              {PROFILE_VISIBILITY_LABELS[user.profile_visibility]}
            </span>
            .{" "}
            <Link
              href={routes.profileVisibility}
              className="font-semibold text-violet-700 hover:text-violet-600"
            >
              Change in Settings
            </Link>
          </p>
        </FormSection>

        <div className="flex items-center justify-end gap-4">
          <p role="status" className="text-sm text-gray-600">
            {errors.root?.server?.message ?? (saved && !isDirty ? "Your profile is saved." : "")}
          </p>
          <SubmitButton disabled={update.isPending}>
            {update.isPending ? "Saving…" : "Save profile"}
          </SubmitButton>
        </div>
      </GatedForm>
    </FormProvider>
  );
}
