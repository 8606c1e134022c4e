import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";
import { useAuth } from "@/lib/auth/auth-context";
import { errorCode } from "@/lib/form-errors";

/** The signed-in employer's company, as GET /api/company answers it. */
export type OwnCompany = ApiAnswer<"getOwnCompany">["company"];

/** The fields PATCH /api/company takes. */
export type CompanyChanges = ApiBody<"updateOwnCompany">["company"];

export const companyKeys = {
  own: ["company"] as const,
};

/**
 * GET /api/company, once signed in. An employer before their first listing has no company: that
 * 404 is an answer (null), not a failure to toast.
 */
export function useOwnCompany() {
  const { token } = useAuth();
  return useQuery({
    queryKey: companyKeys.own,
    queryFn: async (): Promise<OwnCompany | null> => {
      try {
        return (await callOperation("getOwnCompany")).company;
      } catch (error) {
        if (errorCode(error) === "not_found") return null;
        throw error;
      }
    },
    enabled: Boolean(token),
  });
}

/** Puts the company the server answered in the cache: every screen shows it at once. */
function useStoreCompany() {
  const queryClient = useQueryClient();
  return ({ company }: { company: OwnCompany }) =>
    queryClient.setQueryData(companyKeys.own, company);
}

/** PATCH /api/company: name, website, about. Field errors are the form's to show. */
export function useUpdateCompany() {
  const store = useStoreCompany();
  return useMutation({
    mutationFn: (changes: CompanyChanges) =>
      callOperation("updateOwnCompany", { body: { company: changes } }),
    onSuccess: (answer) => {
      store(answer);
      toast.success("Your company page is saved");
    },
  });
}

/**
 * PUT /api/company/logo with the file's bytes as they are. The server decides what the file is
 * by its bytes; a refusal is a field error on `logo`, for the form to show by the control.
 */
export function useUploadLogo() {
  const store = useStoreCompany();
  return useMutation({
    mutationFn: (file: File) =>
      callOperation("uploadCompanyLogo", {
        body: file,
        config: { headers: { "Content-Type": file.type || "application/octet-stream" } },
      }),
    onSuccess: (answer) => {
      store(answer);
      toast.success("Your logo is uploaded");
    },
  });
}

/** DELETE /api/company/logo: pages show the company's initial again. */
export function useRemoveLogo() {
  const store = useStoreCompany();
  return useMutation({
    mutationFn: () => callOperation("removeCompanyLogo"),
    onSuccess: (answer) => {
      store(answer);
      toast.success("Your logo is removed");
    },
  });
}
