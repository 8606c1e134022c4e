import { useEffect } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { FormTextField } from "@/components/ui/form-fields";
import { FormSection } from "@/components/ui/form-controls";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { useSaveBillingContact, type BillingContact } from "@/features/billing/hooks/use-billing";
import { showServerFieldErrors } from "@/lib/form-errors";

type Values = { email: string };

/**
 * Where the company's invoices and credit notes are mailed, each with its PDF (issue 61): an
 * address of its own (the accounts team's), or, left blank, its owner and admins. The server
 * checks the address; its refusal shows beside the field.
 */
export function BillingContactForm({ contact }: { contact: BillingContact }) {
  const save = useSaveBillingContact();
  const form = useForm<Values>({ defaultValues: { email: contact.email ?? "" } });
  const { handleSubmit, reset, setError } = form;
  useEffect(() => reset({ email: contact.email ?? "" }), [reset, contact.email]);

  const onSubmit = handleSubmit(({ email }) => {
    save.mutate(email, { onError: (error) => showServerFieldErrors(error, setError, ["email"]) });
  });

  return (
    <FormProvider {...form}>
      <GatedForm onSubmit={onSubmit} noValidate aria-label="Invoice email">
        <FormSection
          title="Invoice email"
          lead="Every invoice and credit note is emailed with its PDF as soon as it is issued: to this address, or, left blank, to your company's owner and admins."
        >
          <FormTextField
            name="email"
            label="Send invoices to (optional)"
            type="email"
            autoComplete="email"
            hint="Your accounts team's address, like accounts@company.com."
            spellCheck={false}
          />
          <div className="flex justify-end">
            <SubmitButton disabled={save.isPending}>
              {save.isPending ? "Saving…" : "Save invoice email"}
            </SubmitButton>
          </div>
        </FormSection>
      </GatedForm>
    </FormProvider>
  );
}
