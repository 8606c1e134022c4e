import { useId, useLayoutEffect, useRef, type ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/hooks/use-hydrated";
import { FORM_GATE, FORM_GATE_WAIT, openFormGate } from "@/lib/form-gate";

type GatedFormProps = Omit<ComponentProps<"form">, "method" | "action" | "ref">;

/**
 * A form that sends through JavaScript: never before the page is ready (lib/form-gate.ts), and
 * never as a GET, so nothing typed ends up in an address or a server's log. Search forms, which
 * belong in the address, are plain `method="get"` forms instead.
 */
export function GatedForm(props: GatedFormProps) {
  const form = useRef<HTMLFormElement>(null);
  // A layout effect runs after the fields' refs (react-hook-form registers in them) and before
  // the browser paints, so what was typed comes back without flickering away.
  useLayoutEffect(() => {
    if (form.current) openFormGate(form.current);
  }, []);
  return (
    <form
      {...props}
      ref={form}
      method="post"
      {...{ [FORM_GATE]: "" }}
      // The head's script may have marked a press (aria-busy) before React got here.
      suppressHydrationWarning
    />
  );
}

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, "type">;

/**
 * A gated form's submit button. It is disabled in the server's HTML, so without JavaScript it
 * sends nothing and a note beside it says why; the head's script enables it once the page is
 * parsed, and React keeps it enabled. It looks the same all along (styles/globals.css).
 */
export function SubmitButton({ disabled = false, ...button }: SubmitButtonProps) {
  const hydrated = useHydrated();
  const note = useId();
  return (
    <>
      <Button
        {...button}
        type="submit"
        disabled={disabled || !hydrated}
        aria-describedby={hydrated ? button["aria-describedby"] : note}
        {...(hydrated ? {} : { [FORM_GATE_WAIT]: "" })}
        // The head's script enables it before React hydrates it.
        suppressHydrationWarning
      />
      <noscript>
        <span id={note} className="text-sm text-gray-600">
          This form needs JavaScript to send, and it is off in this browser.
        </span>
      </noscript>
    </>
  );
}
