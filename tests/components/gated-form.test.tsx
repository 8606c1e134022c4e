import { render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { useForm } from "react-hook-form";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { FORM_GATE_SCRIPT } from "@/lib/form-gate";

type Values = {
  name: string;
  about: string;
  service: string;
  newsletter: boolean;
  size: string;
};

const DEFAULTS: Values = {
  name: "",
  about: "We make videos.",
  service: "search",
  newsletter: false,
  size: "small",
};

/** A form as the app's are: react-hook-form registers native fields, each with a default. */
function EnquiryForm({ onSend }: { onSend: (values: Values) => void }) {
  const { register, handleSubmit } = useForm<Values>({ defaultValues: DEFAULTS });
  return (
    <GatedForm aria-label="Enquiry" onSubmit={handleSubmit(onSend)} noValidate>
      <input aria-label="Name" {...register("name")} />
      <textarea aria-label="About" {...register("about")} />
      <select aria-label="Service" {...register("service")}>
        <option value="search">Search</option>
        <option value="advert">Advert</option>
      </select>
      <input type="checkbox" aria-label="Newsletter" {...register("newsletter")} />
      <input type="radio" aria-label="Small" value="small" {...register("size")} />
      <input type="radio" aria-label="Large" value="large" {...register("size")} />
      <SubmitButton>Send</SubmitButton>
    </GatedForm>
  );
}

/** Types as a person does, before any React handler is there: the value, then an input event. */
function type(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  field.value = value;
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? "change" : "input", {
      bubbles: true,
    }),
  );
}

beforeAll(() => {
  // What pages/_document.tsx puts in every page's head.
  new Function(FORM_GATE_SCRIPT)();
});

describe("GatedForm", () => {
  it("is a POST form whose button the server renders disabled, with a note for no JavaScript", () => {
    const html = renderToString(<EnquiryForm onSend={() => undefined} />);
    const container = document.createElement("div");
    container.innerHTML = html;
    const form = container.querySelector("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).not.toHaveAttribute("action");
    expect(form).toHaveAttribute("data-form-gate");
    const button = container.querySelector("button")!;
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("data-form-gate-wait");
    const note = container.querySelector("noscript")!;
    expect(note.innerHTML).toContain("needs JavaScript to send");
    expect(note.innerHTML).toContain(`id="${button.getAttribute("aria-describedby")}"`);
  });

  it("holds a press made before React, keeps what was typed, and sends it once hydrated", async () => {
    const onSend = vi.fn();
    const container = document.createElement("div");
    container.innerHTML = renderToString(<EnquiryForm onSend={onSend} />);
    document.body.append(container);
    document.dispatchEvent(new Event("DOMContentLoaded"));

    const form = container.querySelector("form")!;
    const button = container.querySelector("button")!;
    expect(button).toBeEnabled();
    type(container.querySelector("input")!, "Ada Lovelace");
    type(container.querySelector("textarea")!, "");
    type(container.querySelector("select")!, "advert");
    container.querySelector<HTMLInputElement>("[aria-label=Newsletter]")!.click();
    container.querySelector<HTMLInputElement>("[aria-label=Large]")!.click();
    button.click();
    expect(form).toHaveAttribute("data-queued");
    expect(form).toHaveAttribute("aria-busy", "true");

    render(<EnquiryForm onSend={onSend} />, { container, hydrate: true });

    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend.mock.calls[0]![0]).toEqual({
      name: "Ada Lovelace",
      about: "",
      service: "advert",
      newsletter: true,
      size: "large",
    });
    expect(screen.getByLabelText("Name")).toHaveValue("Ada Lovelace");
    expect(screen.getByLabelText("About")).toHaveValue("");
    expect(screen.getByLabelText("Service")).toHaveValue("advert");
    expect(screen.getByLabelText("Newsletter")).toBeChecked();
    expect(screen.getByLabelText("Large")).toBeChecked();
    expect(form).toHaveAttribute("data-form-ready");
    expect(form).not.toHaveAttribute("data-queued");
    expect(form).not.toHaveAttribute("aria-busy");
    expect(screen.getByRole("button", { name: "Send" })).not.toHaveAttribute("data-form-gate-wait");
  });

  it("keeps what was typed without sending when nobody pressed send", async () => {
    const onSend = vi.fn();
    const container = document.createElement("div");
    container.innerHTML = renderToString(<EnquiryForm onSend={onSend} />);
    document.body.append(container);
    type(container.querySelector("input")!, "Grace Hopper");

    render(<EnquiryForm onSend={onSend} />, { container, hydrate: true });

    expect(screen.getByLabelText("Name")).toHaveValue("Grace Hopper");
    screen.getByRole("button", { name: "Send" }).click();
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend.mock.calls[0]![0]).toMatchObject({ name: "Grace Hopper", about: DEFAULTS.about });
  });

  it("is ready at once where React renders it in the browser", () => {
    render(<EnquiryForm onSend={() => undefined} />);
    expect(screen.getByRole("form", { name: "Enquiry" })).toHaveAttribute("data-form-ready");
    expect(screen.getByRole("button", { name: "Send" })).toBeEnabled();
  });
});
