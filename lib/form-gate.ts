/*
 * The form gate: a form that sends through JavaScript (components/ui/gated-form.tsx) cannot be
 * sent before the page is ready, and a press before then waits for it. FORM_GATE_SCRIPT runs
 * from the document's head (pages/_document.tsx), long before the page's own scripts, which come
 * after the first paint: it lets the submit buttons be pressed once the HTML is parsed, holds back
 * a submission the form cannot handle yet (a plain one would be a GET that puts every field in
 * the address), and keeps what is typed meanwhile. openFormGate, run when React has the form,
 * puts back what the form's libraries overwrote as they started, then sends a held submission.
 */

/** On every gated form: it renders `method="post"`, never a GET. */
export const FORM_GATE = "data-form-gate";
/** Set once React handles the form's submit. */
export const FORM_READY = "data-form-ready";
/** Set on a form pressed before it was ready: it is sent once it is. */
export const FORM_QUEUED = "data-queued";
/** On a gated submit button that is disabled until the page's scripts run. */
export const FORM_GATE_WAIT = "data-form-gate-wait";

/** Where the head's script keeps each value typed before the form was ready, in typing order. */
const TYPED = "formGateTyped";

export const FORM_GATE_SCRIPT = `(function(d){var n=0,W="[${FORM_GATE}]:not([${FORM_READY}])";function g(t){return t&&t.closest?t.closest(W):null}d.addEventListener("DOMContentLoaded",function(){d.querySelectorAll("[${FORM_GATE_WAIT}]").forEach(function(b){b.disabled=false})});d.addEventListener("submit",function(e){var f=g(e.target);if(f){e.preventDefault();e.stopImmediatePropagation();f.setAttribute("${FORM_QUEUED}","");f.setAttribute("aria-busy","true")}},true);function k(e){var t=e.target;if(g(t)&&"value"in t)t.${TYPED}=[n++,/^(checkbox|radio)$/.test(t.type)?t.checked:t.value]}d.addEventListener("input",k,true);d.addEventListener("change",k,true)})(document)`;

type Control = (HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) & {
  [TYPED]?: [order: number, value: string | boolean];
};

/**
 * Types `value` into the control again as a person would, so that whatever listens (React's
 * onChange, react-hook-form's register) takes it. React keeps the last value it saw on the
 * element itself and only reports a change from it: that value is set to something else first,
 * then the new one goes in through the prototype's setter, which React does not watch.
 */
function retype(control: Control, value: string | boolean) {
  if (typeof value === "boolean") {
    (control as HTMLInputElement).checked = !value;
    control.click();
    return;
  }
  control.value = value === "" ? " " : "";
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), "value")?.set?.call(
    control,
    value,
  );
  const event = control instanceof HTMLSelectElement ? "change" : "input";
  control.dispatchEvent(new Event(event, { bubbles: true }));
}

/**
 * Opens the gate of a form React now handles: what was typed before comes back (react-hook-form
 * writes its default values into the fields it registers, and a controlled field follows its
 * state), and a submission held back meanwhile is sent.
 */
export function openFormGate(form: HTMLFormElement) {
  form.setAttribute(FORM_READY, "");
  const typed = Array.from(form.elements as HTMLCollectionOf<Control>)
    .flatMap((control) => {
      const entry = control[TYPED];
      delete control[TYPED];
      return entry ? [{ control, order: entry[0], value: entry[1] }] : [];
    })
    .sort((a, b) => a.order - b.order);
  for (const { control, value } of typed) retype(control, value);
  if (!form.hasAttribute(FORM_QUEUED)) return;
  form.removeAttribute(FORM_QUEUED);
  form.removeAttribute("aria-busy");
  form.requestSubmit();
}
