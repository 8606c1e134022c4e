import { Description, Field, Input, Label } from "@headlessui/react";
import { ArrowTopRightOnSquareIcon } from "@heroicons/react/20/solid";
import { useEffect, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Button, secondaryButtonClass } from "@/components/ui/button";
import { FormTextAreaField, FormTextField } from "@/components/ui/form-fields";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { CompanyLogo } from "@/components/ui/company-logo";
import { FormSection } from "@/components/ui/form-controls";
import {
  useRemoveLogo,
  useUpdateCompany,
  useUploadLogo,
  type OwnCompany,
} from "@/features/companies/hooks/use-company";
import { hasFieldErrors } from "@/lib/error-toast";
import { showServerFieldErrors } from "@/lib/form-errors";
import { LOGO_MAX_BYTES, shownLogo } from "@/lib/logos/logos";
import { routes } from "@/lib/routes";

const ACCEPTED_TYPES = "image/png,image/jpeg,image/webp";
const TOO_LARGE = "The logo is larger than 1 MB: send a smaller file";

/**
 * The company's logo: the one shown now (or its initial), a file to upload in its place with a
 * preview of it first, and a way to remove it. The server decides what a file is; its refusal
 * shows under the control.
 */
export function LogoEditor({ company }: { company: OwnCompany }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  // The chosen file, and a blob: address of it for the preview (let go when it is replaced).
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A new input after each upload: a file input cannot be emptied from code otherwise.
  const [inputKey, setInputKey] = useState(0);
  const shown = shownLogo(company.logo_url);
  const elsewhere = company.logo_url && !shown ? company.logo_url : null;
  const busy = upload.isPending || remove.isPending;
  const file = chosen?.file;

  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);

  const choose = (picked: File | null) => {
    // The server's check is the one that counts; this one saves sending a file it would refuse.
    const fits = picked !== null && picked.size <= LOGO_MAX_BYTES;
    setError(picked && !fits ? TOO_LARGE : null);
    setChosen(fits ? { file: picked, preview: URL.createObjectURL(picked) } : null);
  };

  const refused = (failure: unknown) => {
    if (hasFieldErrors(failure)) {
      setError(Object.values(failure.errors).flat().join(" "));
    }
  };

  const send = () => {
    if (!file || busy) return;
    upload.mutate(file, {
      onSuccess: () => {
        setChosen(null);
        setInputKey((key) => key + 1);
      },
      onError: refused,
    });
  };

  return (
    <FormSection
      title="Logo"
      lead="Shown on your job cards, your job pages and your company page, in a square: a square logo on a transparent or white background looks best."
    >
      <div className="flex flex-wrap items-center gap-4">
        <CompanyLogo name={company.name} slug={company.slug} logoUrl={company.logo_url} size="lg" />
        <div className="min-w-0 text-sm text-gray-600">
          {shown ? (
            <p>This is your logo now.</p>
          ) : (
            <p>No logo yet: your company&rsquo;s initial stands in for it.</p>
          )}
          {elsewhere && (
            <p className="mt-1 break-all">
              The logo address from your listing ({elsewhere}) is not shown on the board: upload the
              file here instead.
            </p>
          )}
        </div>
      </div>

      <Field>
        <Label className="block text-sm font-medium text-gray-900">
          {shown ? "Replace the logo" : "Upload a logo"}
        </Label>
        <Input
          key={inputKey}
          type="file"
          accept={ACCEPTED_TYPES}
          invalid={Boolean(error)}
          disabled={busy}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
          className="mt-2 block w-full text-sm text-gray-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-violet-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-violet-700 hover:file:bg-violet-100"
        />
        {error ? (
          <Description className="mt-1.5 text-sm font-medium text-red-700">{error}</Description>
        ) : (
          <Description className="mt-1.5 text-sm text-gray-500">
            PNG, JPEG or WebP, up to 1 MB and 4000 pixels a side.
          </Description>
        )}
      </Field>

      {chosen && file && (
        <div className="flex flex-wrap items-center gap-4 rounded-xl bg-gray-50 p-3">
          {/* The chosen file as it is, before the server fits it into its square. */}
          {/* eslint-disable-next-line @next/next/no-img-element -- a local blob: URL */}
          <img
            src={chosen.preview}
            alt={`Preview of ${file.name}`}
            className="size-16 rounded-2xl bg-white object-contain p-1.5 ring-1 ring-gray-200"
          />
          <p className="min-w-0 flex-1 text-sm break-all text-gray-700">{file.name}</p>
          <Button busy={busy} onClick={send}>
            {upload.isPending ? "Uploading…" : "Upload logo"}
          </Button>
        </div>
      )}

      {shown && !file && (
        <Button
          variant="secondary"
          size="sm"
          busy={busy}
          onClick={() => remove.mutate(undefined, { onSuccess: () => setError(null) })}
        >
          {remove.isPending ? "Removing…" : "Remove logo"}
        </Button>
      )}
    </FormSection>
  );
}

type DetailsValues = { name: string; website: string; about: string };
const FIELDS = ["name", "website", "about"] as const;

const valuesOf = (company: OwnCompany): DetailsValues => ({
  name: company.name,
  website: company.website ?? "",
  about: company.about ?? "",
});

/** The company's name, website and about, as its page and its listings show them. */
export function CompanyDetailsForm({ company }: { company: OwnCompany }) {
  const update = useUpdateCompany();
  const form = useForm<DetailsValues>({ defaultValues: valuesOf(company) });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;

  // A save brings the values as the server keeps them: the form starts again from those.
  useEffect(() => reset(valuesOf(company)), [reset, company]);

  const onSubmit = handleSubmit((values) => {
    update.mutate(values, {
      onError: (error) => showServerFieldErrors(error, setError, FIELDS),
    });
  });

  return (
    <FormProvider {...form}>
      <GatedForm onSubmit={onSubmit} noValidate>
        <FormSection
          title="About the company"
          lead="Your company page and every one of your listings show these."
        >
          <FormTextField name="name" label="Company name" autoComplete="organization" required />
          <FormTextField
            name="website"
            label="Website"
            type="url"
            inputMode="url"
            placeholder="https://"
            required
          />
          <FormTextAreaField
            name="about"
            label="About"
            rows={5}
            hint="What the company makes and who for, in a few sentences (up to 1,000 characters)."
          />
          <div className="flex flex-wrap items-center justify-end gap-4">
            {errors.root?.server?.message && (
              <p role="alert" className="text-sm text-red-700">
                {errors.root.server.message}
              </p>
            )}
            <SubmitButton disabled={update.isPending}>
              {update.isPending ? "Saving…" : "Save"}
            </SubmitButton>
          </div>
        </FormSection>
      </GatedForm>
    </FormProvider>
  );
}

/** The link to the company's public page, opened in a new tab. */
export function PublicPageLink({ slug }: { slug: string }) {
  return (
    <a href={routes.company(slug)} target="_blank" rel="noopener" className={secondaryButtonClass}>
      See your company page
      <ArrowTopRightOnSquareIcon aria-hidden="true" className="size-4" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
