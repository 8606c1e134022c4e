import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { Button, ButtonLink } from "@/components/ui/button";
import { FormSelectField, FormTextField } from "@/components/ui/form-fields";
import { TaxonomySelect } from "@/components/ui/taxonomy-select";
import { DEPARTMENTS } from "@/lib/taxonomy";

describe("Button", () => {
  it("does its action, and while busy says so and does nothing", async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });
    expect(button).toHaveAttribute("type", "button");
    expect(button.className).toContain("focus-visible:outline-2");
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <Button onClick={onClick} busy>
        Save
      </Button>,
    );
    expect(button).toHaveAttribute("aria-disabled", "true");
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("has a link form with a variant's look", () => {
    render(
      <ButtonLink href="/pricing" variant="secondary">
        See prices
      </ButtonLink>,
    );
    const link = screen.getByRole("link", { name: "See prices" });
    expect(link).toHaveAttribute("href", "/pricing");
    expect(link.className).toContain("ring-gray-300");
    expect(link.className).toContain("focus-visible:outline-2");
  });
});

type Values = { job: { title: string; department: string } };

function JobForm({ serverError }: { serverError?: string }) {
  const form = useForm<Values>({ defaultValues: { job: { title: "", department: "" } } });
  const { setError } = form;
  useEffect(() => {
    if (serverError) setError("job.title", { message: serverError });
  }, [serverError, setError]);
  return (
    <FormProvider {...form}>
      <form>
        <FormTextField name="job.title" label="Job title" />
        <FormSelectField
          name="job.department"
          label="Department"
          options={[
            { value: "", label: "Choose" },
            ...DEPARTMENTS.map((d) => ({ value: d.slug, label: d.label })),
          ]}
        />
      </form>
    </FormProvider>
  );
}

describe("form fields", () => {
  it("register by path and show the form's error for that path next to the field", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<JobForm />);
    const title = screen.getByRole("textbox", { name: "Job title" });
    await user.type(title, "Editor");
    expect(title).toHaveValue("Editor");
    expect(title).not.toHaveAttribute("aria-invalid");

    rerender(<JobForm serverError="Give the job a title" />);
    expect(await screen.findByText("Give the job a title")).toBeInTheDocument();
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(title).toHaveAccessibleDescription("Give the job a title");
    expect(screen.getByRole("combobox", { name: "Department" })).not.toHaveAttribute(
      "aria-invalid",
    );
  });
});

describe("TaxonomySelect", () => {
  it("offers 'any' first, then the taxonomy, with the current choice selected", () => {
    render(
      <TaxonomySelect
        taxonomy="department"
        id="t-department"
        label="Department"
        anyLabel="All departments"
        value={DEPARTMENTS[1]!.slug}
      />,
    );
    const select = screen.getByRole("combobox", { name: "Department" });
    expect(select).toHaveAttribute("name", "department");
    expect(select).toHaveValue(DEPARTMENTS[1]!.slug);
    const options = screen.getAllByRole("option").map((option) => option.textContent);
    expect(options).toEqual(["All departments", ...DEPARTMENTS.map((d) => d.label)]);
  });
});
