import type { ApplyMethod } from "@/features/jobs/constants";

/**
 * How a listing takes applications: as chosen; when a client does not say (the API before
 * issue 27), at its link or address if it gives one, and on the board otherwise, the default
 * for new listings.
 */
export function applyMethodOf(fields: {
  apply_method?: ApplyMethod | null;
  apply_url?: unknown;
  apply_email?: unknown;
}): ApplyMethod {
  if (fields.apply_method) return fields.apply_method;
  const given = (value: unknown) => typeof value === "string" && value.trim() !== "";
  if (given(fields.apply_url)) return "link";
  if (given(fields.apply_email)) return "email";
  return "board";
}
