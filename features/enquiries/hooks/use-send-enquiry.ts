import { useMutation } from "@tanstack/react-query";
import { callOperation } from "@/lib/api/call";
import type { ApiBody } from "@/lib/api-registry/operations";

/** POST /api/enquiries: the recruitment-services enquiry; the answer carries its reference. */
export function useSendEnquiry() {
  return useMutation({
    mutationFn: (values: ApiBody<"sendEnquiry">) => callOperation("sendEnquiry", { body: values }),
  });
}
