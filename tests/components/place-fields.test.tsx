import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FormProvider, useForm, type UseFormReturn } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { PlaceFields } from "@/components/submit/place-fields";
import { regionSet } from "@/lib/locations";

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

describe("where a job can be done, on /submit", () => {
  it("picks a remote job's regions and countries by keyboard, as ISO codes", async () => {
    const user = userEvent.setup();
    const values = renderPlace({ region: "remote", location: "Remote (UK and Europe)" });
    const input = screen.getByRole("combobox", { name: "Countries or regions it accepts" });
    await user.click(input);
    await user.keyboard("Europe");
    // The first match is the region Europe itself.
    await user.keyboard("{Enter}");
    expect(values().place?.remote_countries).toEqual(regionSet("europe")!.countries);
    await user.clear(input);
    await user.type(input, "Canada");
    await user.keyboard("{Enter}");
    expect(values().place?.remote_countries).toContain("CA");
    expect(values().place?.remote_countries).toContain("DE");
    expect(screen.getByText(/Applicants in \d+ countries/)).toBeInTheDocument();

    const chosen = screen.getByRole("list", { name: "Chosen" });
    await user.click(within(chosen).getByRole("button", { name: "Remove Europe" }));
    expect(values().place?.remote_countries).toEqual(["CA"]);
    await user.click(within(chosen).getByRole("button", { name: "Remove Canada" }));
    expect(values().place?.remote_countries).toBeUndefined();
  });

  it("asks an on-site job for its city, region and country", async () => {
    const user = userEvent.setup();
    const values = renderPlace({ region: "europe", location: "Berlin, Germany" });
    expect(
      screen.queryByRole("combobox", { name: "Countries or regions it accepts" }),
    ).not.toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "City" }), "Berlin");
    await user.type(screen.getByRole("textbox", { name: "State or region" }), "Berlin");
    await user.selectOptions(screen.getByRole("combobox", { name: "Country" }), "Germany");
    expect(values().place).toEqual({
      address_locality: "Berlin",
      address_region: "Berlin",
      address_country: "DE",
    });
  });

  it("starts from a listing's stored countries, as the regions and countries they make up", async () => {
    const user = userEvent.setup();
    const europe = regionSet("europe")!.countries;
    const values = renderPlace(
      { region: "remote", location: "Remote (Europe and Canada)" },
      { remote_countries: [...europe, "CA"] },
    );
    const chosen = screen.getByRole("list", { name: "Chosen" });
    expect(
      within(chosen)
        .getAllByRole("listitem")
        .map((item) => item.firstChild?.textContent),
    ).toEqual(["Europe", "Canada"]);
    expect(screen.getByText(`Applicants in ${europe.length + 1} countries.`)).toBeInTheDocument();
    await user.click(within(chosen).getByRole("button", { name: "Remove Europe" }));
    expect(values().place?.remote_countries).toEqual(["CA"]);
  });

  it("shows a listing open anywhere as Worldwide, and an on-site listing's address", () => {
    renderPlace({ region: "remote", location: "Remote" }, { remote_countries: [] });
    expect(screen.getByRole("button", { name: "Remove Worldwide" })).toBeInTheDocument();
    expect(screen.getByText("Applicants anywhere.")).toBeInTheDocument();
  });

  it("fills an on-site listing's address fields from the form", () => {
    renderPlace(
      { region: "united-kingdom", location: "London, UK" },
      { address_locality: "London", address_region: "England", address_country: "GB" },
    );
    expect(screen.getByRole("textbox", { name: "City" })).toHaveValue("London");
    expect(screen.getByRole("textbox", { name: "State or region" })).toHaveValue("England");
    expect(screen.getByRole("combobox", { name: "Country" })).toHaveValue("GB");
  });
});
