import { useEffect, useMemo } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { FormSelectField, FormTextField } from "@/components/ui/form-fields";
import { FormSection } from "@/components/ui/form-controls";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import {
  useSaveBillingDetails,
  type BillingDetails,
  type BillingDetailsChanges,
} from "@/features/billing/hooks/use-billing";
import { PURCHASE_ORDER_MAX } from "@/features/billing/documents";
import { countryCodes } from "@/lib/countries/country-codes";
import { countryName } from "@/lib/countries/country-name";
import { showServerFieldErrors } from "@/lib/form-errors";

type Values = Required<{ [K in keyof BillingDetailsChanges]: string }>;

const FIELDS = [
  "legal_name",
  "address_line1",
  "address_line2",
  "city",
  "postal_code",
  "region",
  "country",
  "vat_id",
  "purchase_order",
] as const;

const valuesOf = (billing: BillingDetails | null): Values => ({
  legal_name: billing?.legal_name ?? "",
  address_line1: billing?.address_line1 ?? "",
  address_line2: billing?.address_line2 ?? "",
  city: billing?.city ?? "",
  postal_code: billing?.postal_code ?? "",
  region: billing?.region ?? "",
  country: billing?.country ?? "",
  vat_id: billing?.vat_id ?? "",
  purchase_order: billing?.purchase_order ?? "",
});

/**
 * Who the company's invoices are made out to (issue 45): legal name, address, country and VAT
 * ID, and the purchase order reference they quote. The server checks them (a VAT ID's shape for its country, and its check digits) and its
 * refusals show beside each field.
 */
export function BillingDetailsForm({ billing }: { billing: BillingDetails | null }) {
  const save = useSaveBillingDetails();
  const form = useForm<Values>({ defaultValues: valuesOf(billing) });
  const { handleSubmit, reset, setError } = form;
  useEffect(() => reset(valuesOf(billing)), [reset, billing]);
  const countries = useMemo(
    () => [
      { value: "", label: "Choose a country" },
      ...countryCodes()
        .map((code) => ({ value: code, label: countryName(code) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    ],
    [],
  );

  const onSubmit = handleSubmit((values) => {
    save.mutate(values, { onError: (error) => showServerFieldErrors(error, setError, FIELDS) });
  });

  return (
    <FormProvider {...form}>
      <GatedForm onSubmit={onSubmit} noValidate aria-label="Billing details">
        <FormSection
          title="Billing details"
          lead="Who your invoices are made out to: your company's legal name, address and VAT ID."
        >
          <FormTextField
            name="legal_name"
            label="Legal name"
            autoComplete="organization"
            hint="As registered: “Nordlicht Media GmbH”."
            required
          />
          <FormTextField
            name="address_line1"
            label="Street address"
            autoComplete="address-line1"
            required
          />
          <FormTextField
            name="address_line2"
            label="Address line 2 (optional)"
            autoComplete="address-line2"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextField name="city" label="City" autoComplete="address-level2" required />
            <FormTextField
              name="postal_code"
              label="Postal code (optional)"
              autoComplete="postal-code"
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextField
              name="region"
              label="State or region (optional)"
              autoComplete="address-level1"
            />
            <FormSelectField
              name="country"
              label="Country"
              autoComplete="country"
              options={countries}
              required
            />
          </div>
          <FormTextField
            name="vat_id"
            label="VAT ID (optional)"
            hint="With its country prefix, like DE136695976 (Greece: EL). We check its shape and its check digits."
            autoCapitalize="characters"
            spellCheck={false}
          />
          <FormTextField
            name="purchase_order"
            label="Purchase order reference (optional)"
            hint={`Your own reference, like PO-2291: printed on every invoice from now on. Up to ${PURCHASE_ORDER_MAX} characters.`}
            autoComplete="off"
            spellCheck={false}
          />
          <div className="flex justify-end">
            <SubmitButton disabled={save.isPending}>
              {save.isPending ? "Saving…" : "Save billing details"}
            </SubmitButton>
          </div>
        </FormSection>
      </GatedForm>
    </FormProvider>
  );
}
