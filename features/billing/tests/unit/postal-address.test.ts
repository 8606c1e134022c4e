// @vitest-environment node
import { describe, expect, it } from "vitest";
import { postalLines } from "@/features/billing/server/postal-address";

/*
 * Addresses on invoices (issue 60), in the order each country writes them: the lines under the
 * street, as a postal service reads them.
 */

describe("postalLines", () => {
  it("writes each country's order", async () => {
    const place = (city: string, postalCode: string, region: string | null = null) => ({
      line1: "12 Main Street",
      city,
      postalCode,
      region,
    });
    expect(await postalLines(place("Manchester", "M4 6DE"), "GB")).toEqual([
      "12 Main Street",
      "Manchester",
      "M4 6DE",
    ]);
    expect(await postalLines(place("Berlin", "10119"), "DE")).toEqual([
      "12 Main Street",
      "10119 Berlin",
    ]);
    expect(await postalLines(place("San Francisco", "94104", "CA"), "US")).toEqual([
      "12 Main Street",
      "San Francisco, CA 94104",
    ]);
    expect(await postalLines(place("Łódź", "90-006"), "PL")).toEqual([
      "12 Main Street",
      "90-006 Łódź",
    ]);
  });

  it("keeps the second street line under the first, and leaves out what was not given", async () => {
    expect(
      await postalLines(
        { line1: "548 Market St", line2: "Suite 200", city: "San Francisco", region: "CA" },
        "US",
      ),
    ).toEqual(["548 Market St", "Suite 200", "San Francisco, CA"]);
    expect(await postalLines({ line1: " ", city: "Dubai" }, "AE")).toEqual(["Dubai"]);
  });
});
