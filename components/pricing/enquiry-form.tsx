import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { DonePanel } from "@/components/ui/done-panel";
import {
  primaryButtonClass,
  SelectField,
  TextAreaField,
  TextField,
} from "@/components/ui/form-controls";
import type { ApiAnswer } from "@/lib/api/operations";
import { apiClient } from "@/lib/api-client";
import { showServerFieldErrors } from "@/lib/form-errors";
import { RECRUITMENT_PLANS, type RecruitmentPlanId } from "@/lib/pricing";
import { SUPPORT_EMAIL } from "@/lib/site";

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
        <strong>#{reference}</strong>; quote it if you write to {SUPPORT_EMAIL}.
      </p>
    </DonePanel>
  );
}

/** The recruitment-services enquiry: checked by the server, its errors shown by each field. */
export function EnquiryForm({ service }: { service: RecruitmentPlanId }) {
  const send = useMutation({
    mutationFn: (values: EnquiryValues) =>
      apiClient.post<ApiAnswer<"sendEnquiry">>("/enquiries", values),
  });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<EnquiryValues>({
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

  if (send.data) return <Confirmation reference={send.data.id} values={getValues()} />;

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, { onError: (error) => showServerFieldErrors(error, setError, FIELDS) }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5 sm:grid-cols-2">
      <TextField
        label="Your name"
        autoComplete="name"
        error={errors.name?.message}
        {...register("name")}
      />
      <TextField
        label="Work email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        label="Company"
        autoComplete="organization"
        error={errors.company?.message}
        {...register("company")}
      />
      <TextField
        label="Company website"
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="Optional"
        error={errors.website?.message}
        {...register("website")}
      />
      <SelectField
        label="Service"
        error={errors.service?.message}
        options={RECRUITMENT_PLANS.map((plan) => ({
          value: plan.id,
          label: `${plan.name}, ${plan.price}`,
        }))}
        {...register("service")}
      />
      <TextField
        label="Roles to fill"
        type="number"
        inputMode="numeric"
        min={1}
        max={100}
        error={errors.roles?.message}
        {...register("roles")}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label="About the role"
          rows={5}
          hint="The role, the team, the pay range and when you need someone."
          error={errors.message?.message}
          {...register("message")}
        />
      </div>
      <div className="flex items-center justify-between gap-4 sm:col-span-2">
        <p role="alert" className="text-sm text-red-700">
          {errors.root?.server?.message}
        </p>
        <button type="submit" disabled={send.isPending} className={primaryButtonClass}>
          {send.isPending ? "Sending…" : "Send enquiry"}
        </button>
      </div>
    </form>
  );
}
