import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FormProvider, useForm, type UseFormReturn } from "react-hook-form";
import { beforeAll, describe, expect, it } from "vitest";
import { PlaceFields } from "@/features/listings/components/place-fields";
import { regionSet, WORLDWIDE_HIRING_COUNTRIES } from "@/features/jobs/locations";

type Values = {
  job: { region: string; location: string };
  place?: Record<string, unknown>;
};

function renderPlace(job: Values["job"], place?: Values["place"]) {
  const form: { current?: UseFormReturn<Values> } = {};
  function Harness() {
    const methods = useForm<Values>({ defaultValues: { job, place } });
    form.current = methods;
    return (
      <FormProvider {...methods}>
        <PlaceFields />
      </FormProvider>
    );
  }
  render(<Harness />);
  return () => form.current!.getValues();
}

// A remote job's field loads when the form is in the browser; loaded once here, so that no test
// waits for the bundler.
beforeAll(() => import("@/features/listings/components/remote-countries-field"));

describe("where a job can be done, on /submit", () => {
  it("starts from the countries the location names, and picks regions and countries by keyboard", async () => {
    const user = userEvent.setup();
    const values = renderPlace({ region: "remote", location: "Remote (UK and Europe)" });
    const europe = regionSet("europe")!.countries;
    // Read from the location's words, shown as the region they make up, and sent as chosen.
    const chosen = await screen.findByRole("list", { name: "Chosen" });
    expect(values().place?.remote_countries).toEqual(europe);
    expect(within(chosen).getByRole("button", { name: "Remove Europe" })).toBeInTheDocument();

    const input = screen.getByRole("combobox", { name: "Countries or regions it accepts" });
    await user.click(input);
    await user.keyboard("Canada");
    await user.keyboard("{Enter}");
    expect(values().place?.remote_countries).toEqual([...europe, "CA"].sort());
    expect(screen.getByText(`Applicants in ${europe.length + 1} countries.`)).toBeInTheDocument();
    await user.keyboard("{Escape}");

    await user.click(within(chosen).getByRole("button", { name: "Remove Europe" }));
    expect(values().place?.remote_countries).toEqual(["CA"]);
    await user.click(within(chosen).getByRole("button", { name: "Remove Canada" }));
    expect(values().place?.remote_countries).toEqual([]);
    expect(screen.getByText("Choose at least one country or region.")).toBeInTheDocument();
  });

  it("asks a job open anywhere where applicants may live; Worldwide starts from the hiring countries, each one to untick", async () => {
    const user = userEvent.setup();
    const values = renderPlace({ region: "remote", location: "Remote (Worldwide)" });
    await screen.findByRole("combobox", { name: "Countries or regions it accepts" });
    // "Worldwide" in words names no country: nothing is chosen for the employer.
    expect(values().place?.remote_countries).toEqual([]);
    expect(screen.getByText(/Google.s job search shows a remote job only/)).toBeInTheDocument();
    expect(screen.getByText(/\(“Remote \(Worldwide\)”\)/)).toBeInTheDocument();

    await user.click(screen.getByRole("combobox", { name: "Countries or regions it accepts" }));
    await user.keyboard("Worldwide{Enter}{Escape}");
    expect(values().place?.remote_countries).toEqual([...WORLDWIDE_HIRING_COUNTRIES].sort());
    const chosen = screen.getByRole("list", { name: "Chosen" });
    expect(within(chosen).getByRole("button", { name: "Remove Worldwide" })).toBeInTheDocument();

    // The region's countries, listed and editable.
    await user.click(screen.getByText(/See or change the 24 countries/));
    const list = screen.getByRole("group", { name: "Countries applicants may live in" });
    await user.click(within(list).getByRole("checkbox", { name: "Japan" }));
    expect(values().place?.remote_countries).not.toContain("JP");
    expect(values().place?.remote_countries).toHaveLength(WORLDWIDE_HIRING_COUNTRIES.length - 1);
    expect(within(chosen).getByText("Worldwide (23 of 24)")).toBeInTheDocument();
    // Unticked, it stays in the list to tick again.
    expect(within(list).getByRole("checkbox", { name: "Japan" })).not.toBeChecked();
    await user.click(within(list).getByRole("checkbox", { name: "Japan" }));
    expect(values().place?.remote_countries).toContain("JP");
  });

  it("does not ask an on-site job again for what its location says; its parts are folded away", async () => {
    const user = userEvent.setup();
    const values = renderPlace({ region: "europe", location: "Berlin, Germany" });
    expect(
      screen.queryByRole("combobox", { name: "Countries or regions it accepts" }),
    ).not.toBeInTheDocument();
    expect(screen.getByText(/Read from the location you gave, “Berlin, Germany”/)).toBeVisible();
    const fold = screen.getByText("Give the address in parts instead");
    expect(screen.getByRole("textbox", { name: "City", hidden: true })).not.toBeVisible();
    await user.click(fold);
    expect(screen.getByRole("textbox", { name: "City" })).toBeVisible();
    await user.type(screen.getByRole("textbox", { name: "City" }), "Berlin");
    await user.type(screen.getByRole("textbox", { name: "State or region" }), "Berlin");
    await user.selectOptions(screen.getByRole("combobox", { name: "Country" }), "Germany");
    expect(values().place).toEqual({
      address_locality: "Berlin",
      address_region: "Berlin",
      address_country: "DE",
    });
    expect(screen.getByText("Address given: Berlin, Berlin, Germany. Change it")).toBeVisible();
  });

  it("starts from a listing's stored countries, as the regions and countries they make up", async () => {
    const user = userEvent.setup();
    const europe = regionSet("europe")!.countries;
    const values = renderPlace(
      { region: "remote", location: "Remote (Europe and Canada)" },
      { remote_countries: [...europe, "CA"] },
    );
    const chosen = await screen.findByRole("list", { name: "Chosen" });
    expect(
      within(chosen)
        .getAllByRole("listitem")
        .map((item) => item.firstChild?.textContent),
    ).toEqual(["Europe", "Canada"]);
    expect(screen.getByText(`Applicants in ${europe.length + 1} countries.`)).toBeInTheDocument();
    await user.click(within(chosen).getByRole("button", { name: "Remove Europe" }));
    expect(values().place?.remote_countries).toEqual(["CA"]);
  });

  it("asks a listing stored as open anywhere (no country) to name its countries", async () => {
    const values = renderPlace({ region: "remote", location: "Remote" }, { remote_countries: [] });
    await screen.findByRole("combobox", { name: "Countries or regions it accepts" });
    expect(values().place?.remote_countries).toEqual([]);
    expect(screen.queryByRole("list", { name: "Chosen" })).not.toBeInTheDocument();
    expect(screen.getByText("Choose at least one country or region.")).toBeInTheDocument();
  });

  it("fills an on-site listing's address fields from the form, and says them folded", () => {
    renderPlace(
      { region: "united-kingdom", location: "London, UK" },
      { address_locality: "London", address_region: "England", address_country: "GB" },
    );
    expect(
      screen.getByText("Address given: London, England, United Kingdom. Change it"),
    ).toBeVisible();
    expect(screen.getByRole("textbox", { name: "City", hidden: true })).toHaveValue("London");
    expect(screen.getByRole("textbox", { name: "State or region", hidden: true })).toHaveValue(
      "England",
    );
    expect(screen.getByRole("combobox", { name: "Country", hidden: true })).toHaveValue("GB");
  });
});
