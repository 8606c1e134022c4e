import { FormProvider, useForm } from "react-hook-form";
import { DonePanel } from "@/components/ui/done-panel";
import { FormSelectField, FormTextAreaField, FormTextField } from "@/components/ui/form-fields";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { useSendEnquiry } from "@/features/enquiries/hooks/use-send-enquiry";
import { showServerFieldErrors } from "@/lib/form-errors";
import { RECRUITMENT_PLANS, type RecruitmentPlanId } from "@/features/billing/pricing";
import { boardSettings } from "@/lib/board-settings";

type EnquiryValues = {
  name: string;
  email: string;
  company: string;
  website: string;
  service: RecruitmentPlanId;
  roles: string;
  message: string;
};

const FIELDS = ["name", "email", "company", "website", "service", "roles", "message"] as const;

function Confirmation({ reference, values }: { reference: number; values: EnquiryValues }) {
  return (
    <DonePanel title={`Thanks, ${values.name}. We have your enquiry.`}>
      <p className="mt-2 text-sm">
        A recruiter will reply to {values.email} within one working day. Your reference is{" "}
        <strong>#{reference}</strong>; quote it if you write to {boardSettings().contactEmail}.
      </p>
    </DonePanel>
  );
}

/** The recruitment-services enquiry: checked by the server, its errors shown by each field. */
export function EnquiryForm({ service }: { service: RecruitmentPlanId }) {
  const send = useSendEnquiry();
  const form = useForm<EnquiryValues>({
    defaultValues: {
      service,
      roles: "1",
      name: "",
      email: "",
      company: "",
      website: "",
      message: "",
    },
  });

  const {
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = form;

  if (send.data) return <Confirmation reference={send.data.id} values={getValues()} />;

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, { onError: (error) => showServerFieldErrors(error, setError, FIELDS) }),
  );

  return (
    <FormProvider {...form}>
      <GatedForm onSubmit={onSubmit} noValidate className="grid gap-5 sm:grid-cols-2">
        <FormTextField name="name" label="Your name" autoComplete="name" />
        <FormTextField name="email" label="Work email" type="email" autoComplete="email" />
        <FormTextField name="company" label="Company" autoComplete="organization" />
        <FormTextField
          name="website"
          label="Company website"
          type="url"
          inputMode="url"
          placeholder="https://"
          hint="Optional"
        />
        <FormSelectField
          name="service"
          label="Service"
          options={RECRUITMENT_PLANS.map((plan) => ({
            value: plan.id,
            label: `${plan.name}, ${plan.price}`,
          }))}
        />
        <FormTextField
          name="roles"
          label="Roles to fill"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
        />
        <div className="sm:col-span-2">
          <FormTextAreaField
            name="message"
            label="About the role"
            rows={5}
            hint="The role, the team, the pay range and when you need someone."
          />
        </div>
        <div className="flex items-center justify-between gap-4 sm:col-span-2">
          <p role="alert" className="text-sm text-red-700">
            {errors.root?.server?.message}
          </p>
          <SubmitButton disabled={send.isPending}>
            {send.isPending ? "Sending…" : "Send enquiry"}
          </SubmitButton>
        </div>
      </GatedForm>
    </FormProvider>
  );
}
