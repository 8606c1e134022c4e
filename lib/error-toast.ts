export const ERROR_TOAST_ID = "error_message";
export const ERROR_TOAST_MESSAGE = "Oops, looks like we messed something up. Please try again.";
export const TOAST_POSITION = "bottom-center";

/** A failure that carries field errors (422 `{ errors: { field: [messages] } }`); forms show those inline. */
export function hasFieldErrors(error: unknown): error is { errors: Record<string, string[]> } {
  if (typeof error !== "object" || error === null || !("errors" in error)) return false;
  const { errors } = error;
  return typeof errors === "object" && errors !== null;
}

/** The spec's error toast; react-hot-toast is loaded with the first one, not with every page. */
export function showErrorToast(): void {
  void import("react-hot-toast").then(({ default: toast }) =>
    toast.error(ERROR_TOAST_MESSAGE, { id: ERROR_TOAST_ID }),
  );
}

/**
 * A toast saying something was done, for screens that would otherwise bring react-hot-toast into
 * their first load only for it (the board's save-search dialog, /preferences): loaded with it.
 */
export function showSuccessToast(message: string): void {
  void import("react-hot-toast").then(({ default: toast }) => toast.success(message));
}
