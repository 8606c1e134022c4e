import { useState } from "react";
import { Refusal } from "@/components/ui/refusal";
import { useAuth } from "@/lib/auth/auth-context";
import { signInErrorMessage } from "@/lib/auth/firebase-client";

/** Google's sign-in popup behind one button, with its failure said under it. */
export function GoogleSignIn() {
  const { signIn } = useAuth();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await signIn("google");
    } catch (failure) {
      setError(signInErrorMessage(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => void start()}
        aria-disabled={pending}
        aria-busy={pending}
        className="flex w-full cursor-pointer items-center justify-center gap-3 rounded-lg bg-white px-4 py-3 text-sm font-semibold text-gray-900 shadow-xs ring-1 ring-gray-300 transition-colors hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 aria-disabled:cursor-wait aria-disabled:opacity-60"
      >
        {pending ? "Waiting for the sign-in window…" : "Continue with Google"}
      </button>
      <Refusal message={error} />
    </>
  );
}
