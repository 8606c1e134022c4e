import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormMarkdownField, FormTextField } from "@/components/ui/form-fields";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { Link } from "@/components/ui/link";
import { ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { Refusal } from "@/components/ui/refusal";
import {
  useCreatePartnerOffer,
  useEndPartnerOffer,
  usePartnerOffers,
  useUpdatePartnerOffer,
  type PartnerOffer,
  type PartnerOfferFields,
} from "@/features/moderation/hooks/use-partner-offers";
import { formatDate } from "@/lib/format";
import { serverMessage, showServerFieldErrors } from "@/lib/form-errors";
import { routes } from "@/lib/routes";

/*
 * The partner offers (issue 64), for editors and owners: each offer with its state (on the board,
 * past its last day, ended), added or rewritten in a dialog (the description in Markdown with a
 * preview), or ended after a question. An offer leaves the board's pages by itself after its
 * last day.
 */

type Values = Omit<PartnerOfferFields, "code"> & { code: string; slug: string };
const FIELDS = [
  "slug",
  "partner",
  "title",
  "summary",
  "discount",
  "url",
  "code",
  "category",
  "body",
  "expires",
] as const;

const EMPTY: Values = {
  slug: "",
  partner: "",
  title: "",
  summary: "",
  discount: "",
  url: "",
  code: "",
  category: "",
  body: "",
  expires: "",
};

const valuesOf = (offer: PartnerOffer): Values => ({
  slug: offer.slug,
  partner: offer.partner,
  title: offer.title,
  summary: offer.summary,
  discount: offer.discount,
  url: offer.url,
  code: offer.code ?? "",
  category: offer.category,
  body: offer.body,
  expires: offer.expires,
});

/** Add an offer (no `offer`) or rewrite one, in a dialog; refusals by their field. */
function OfferDialog({ offer, onClose }: { offer: PartnerOffer | null; onClose: () => void }) {
  const create = useCreatePartnerOffer();
  const update = useUpdatePartnerOffer();
  const pending = create.isPending || update.isPending;
  const form = useForm<Values>({ defaultValues: offer ? valuesOf(offer) : EMPTY });
  const {
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const close = () => !pending && onClose();
  const onError = (error: unknown) => {
    if (!showServerFieldErrors(error, setError, FIELDS)) {
      setError("root.server", {
        type: "server",
        message: serverMessage(error, "The offer was not saved. Please try again."),
      });
    }
  };
  const onSubmit = handleSubmit(({ slug, ...values }) => {
    if (pending) return;
    const fields = { ...values, code: values.code.trim() === "" ? null : values.code };
    if (offer) update.mutate({ slug: offer.slug, offer: fields }, { onSuccess: onClose, onError });
    else create.mutate({ ...fields, slug }, { onSuccess: onClose, onError });
  });
  const title = offer ? `Edit the ${offer.partner} offer` : "Add a partner offer";
  return (
    <Dialog open onClose={close} className="fixed inset-0 z-50">
      <div aria-hidden="true" className="fixed inset-0 bg-gray-900/50" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel className="max-h-full w-full max-w-2xl overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-base font-semibold text-gray-900">{title}</DialogTitle>
          <FormProvider {...form}>
            <GatedForm onSubmit={onSubmit} noValidate aria-label={title} className="mt-4 space-y-4">
              {!offer && (
                <FormTextField
                  name="slug"
                  label="Address"
                  hint="The offer's page: /offers/ and this, in lower-case letters, digits and dashes. It stays for good."
                  placeholder="clipwise-three-months-free"
                  required
                />
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                <FormTextField name="partner" label="Partner" required />
                <FormTextField name="category" label="Category" placeholder="Video" required />
              </div>
              <FormTextField name="title" label="Title" required />
              <FormTextField
                name="summary"
                label="Summary"
                hint="One or two sentences, for lists and search engines."
                required
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <FormTextField name="discount" label="Deal" placeholder="3 months free" required />
                <FormTextField
                  name="code"
                  label="Code"
                  hint="Leave blank when the link is enough."
                />
              </div>
              <FormTextField
                name="url"
                label="Link"
                type="url"
                hint="Where to claim it: an address starting with https://."
                required
              />
              <FormTextField
                name="expires"
                label="Last day"
                type="date"
                hint="It leaves the board's pages by itself after this day (UTC)."
                required
              />
              <FormMarkdownField
                name="body"
                label="Description"
                hint="Markdown: headings, lists, links. Scripts and raw HTML are removed."
                rows={10}
                required
              />
              <Refusal message={errors.root?.server?.message} />
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={close}>
                  Cancel
                </Button>
                <SubmitButton busy={pending}>
                  {pending ? "Saving…" : offer ? "Save the offer" : "Add the offer"}
                </SubmitButton>
              </div>
            </GatedForm>
          </FormProvider>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function stateOf(offer: PartnerOffer): string {
  if (offer.ended_at) return `Ended ${formatDate(offer.ended_at)}`;
  if (!offer.live) return `Past its last day, ${formatDate(offer.expires)}`;
  return `On the board until ${formatDate(offer.expires)}`;
}

/** End an offer now, after saying what that does. */
function EndOffer({ offer }: { offer: PartnerOffer }) {
  const end = useEndPartnerOffer();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`End the ${offer.partner} offer`}
        onClick={() => setAsking(true)}
      >
        End
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={() => {
          setAsking(false);
          end.reset();
        }}
        onConfirm={() => end.mutate(offer.slug, { onSuccess: () => setAsking(false) })}
        title={`End the ${offer.partner} offer now?`}
        confirmLabel="End the offer"
        pendingLabel="Ending…"
        cancelLabel="Keep it"
        pending={end.isPending}
      >
        <p>It leaves the board{"’"}s lists at once; its page stays, saying the offer has ended.</p>
        <div className="mt-3">
          <Refusal message={end.error ? serverMessage(end.error, "It was not ended.") : null} />
        </div>
      </ConfirmDialog>
    </>
  );
}

export function PartnerOffersScreen() {
  const { data, error } = usePartnerOffers();
  const [editing, setEditing] = useState<PartnerOffer | "new" | null>(null);
  if (error) return <Refusal message={serverMessage(error, "The offers could not be read.")} />;
  if (!data) return <ProfileScreenLoading />;
  return (
    <div className="space-y-6">
      <Button onClick={() => setEditing("new")}>Add an offer</Button>
      <ul aria-label="Partner offers" className="divide-y divide-gray-100">
        {data.offers.map((offer) => (
          <li
            key={offer.slug}
            className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:gap-4"
          >
            <div className="min-w-0 flex-1 break-words">
              <p className="font-medium text-gray-900">
                <Link href={routes.offer(offer.slug)} className="hover:underline">
                  {offer.title}
                </Link>
              </p>
              <p className="mt-1 text-sm text-gray-600">
                {offer.partner} · {offer.discount}
              </p>
              <p className="text-sm text-gray-600">{stateOf(offer)}</p>
            </div>
            {/* Under the words on a phone; beside them from sm, as wide in every row, so that
                each Edit lines up whether or not its offer can still be ended. */}
            <div className="flex shrink-0 items-center gap-2 sm:w-32">
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Edit the ${offer.partner} offer`}
                onClick={() => setEditing(offer)}
              >
                Edit
              </Button>
              {!offer.ended_at && offer.live && <EndOffer offer={offer} />}
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <OfferDialog
          key={editing === "new" ? "new" : editing.slug}
          offer={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
