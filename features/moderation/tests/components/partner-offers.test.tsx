import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import ReviewPartnerOffersPage from "@/pages/review/partner-offers";
import { ROLE_AREAS, type BoardRole } from "@/lib/auth/board-roles";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { fakeApi, refuse } from "@/tests/components/fake-api";
import { moderatorUser } from "@/tests/fixtures/moderator";
import { renderInApp } from "@/tests/render";

/*
 * The partner offers on /review/partner-offers (issue 64): finance is told it is not for their
 * role; an editor sees each offer's state, adds one in a dialog (a refusal by its field, the
 * description's preview), and ends one after a question.
 */

const as = (role: BoardRole) =>
  moderatorUser({ board_role: role, board_areas: [...ROLE_AREAS[role]] });

type Offer = ApiAnswer<"listPartnerOffers">["offers"][number];
const OFFER: Offer = {
  slug: "thumbnest-pro-half-price",
  partner: "Thumbnest",
  title: "50% off Thumbnest Pro for 6 months",
  summary: "Half-price Thumbnest Pro.",
  discount: "50% off for 6 months",
  url: "https://thumbnest.example/partners",
  code: "CREATORJOBS50",
  category: "Design",
  body: "Thumbnest is a thumbnail tool.",
  expires: "2027-06-30",
  ended_at: null,
  live: true,
  updated_at: "2026-12-01T09:00:00.000Z",
};
const PAST: Offer = {
  ...OFFER,
  slug: "caplark-old",
  partner: "Caplark",
  title: "Caplark, three months",
  expires: "2026-01-31",
  live: false,
};

describe("/review/partner-offers", () => {
  it("tells finance it is not for their role, and asks nothing", async () => {
    const api = fakeApi({ getCurrentUser: () => as("finance") });
    renderInApp(<ReviewPartnerOffersPage />, { pathname: "/review/partner-offers", token: "t" });
    expect(await screen.findByRole("heading", { name: "Not for your role" })).toBeVisible();
    expect(api.of("listPartnerOffers")).toEqual([]);
  });

  it("lets an editor add an offer in a dialog, refusals by their field, and end one", async () => {
    const user = userEvent.setup();
    let offers = [OFFER, PAST];
    let creates = 0;
    const api = fakeApi({
      getCurrentUser: () => as("editor"),
      listPartnerOffers: () => ({ offers }),
      createPartnerOffer: ({ body }) => {
        creates += 1;
        if (creates === 1) {
          return refuse(422, "Check the fields", {
            slug: ["Another offer has this address: choose another"],
          });
        }
        const { slug, ...rest } = (body as { offer: Offer }).offer;
        const created = { ...OFFER, ...rest, slug, live: true };
        offers = [...offers, created];
        return { offer: created };
      },
      endPartnerOffer: () => {
        offers = offers.map((offer) =>
          offer.slug === OFFER.slug
            ? { ...offer, ended_at: "2026-12-03T10:00:00.000Z", live: false }
            : offer,
        );
        return { offer: offers[0]! };
      },
    });
    renderInApp(<ReviewPartnerOffersPage />, { pathname: "/review/partner-offers", token: "t" });
    const list = await screen.findByRole("list", { name: "Partner offers" });
    expect(list).toHaveTextContent("On the board until");
    expect(list).toHaveTextContent("Past its last day");
    // Only a live offer can be ended.
    expect(within(list).getAllByRole("button", { name: /^End/ })).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Add an offer" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a partner offer" });
    const fill = async (label: string, value: string) =>
      user.type(within(dialog).getByLabelText(label), value);
    await fill("Address", "clipwise-free");
    await fill("Partner", "Clipwise");
    await fill("Category", "Video");
    await fill("Title", "Three months of Clipwise free");
    await fill("Summary", "Edit short clips faster.");
    await fill("Deal", "3 months free");
    await fill("Link", "https://clipwise.example");
    await user.type(within(dialog).getByLabelText("Last day"), "2027-03-31");
    await fill("Description", "Clipwise cuts **long videos** into clips.");
    await user.click(within(dialog).getByRole("tab", { name: "Preview" }));
    expect((await within(dialog).findByText("long videos")).tagName).toBe("STRONG");
    await user.click(within(dialog).getByRole("tab", { name: "Write" }));
    await user.click(within(dialog).getByRole("button", { name: "Add the offer" }));
    const address = within(dialog).getByLabelText("Address");
    await waitFor(() => expect(address).toHaveAccessibleDescription(/Another offer has this/));
    await user.clear(address);
    await user.type(address, "clipwise-three-months");
    await user.click(within(dialog).getByRole("button", { name: "Add the offer" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await within(list).findByText("Three months of Clipwise free")).toBeVisible();
    expect(api.of("createPartnerOffer").at(-1)?.body).toEqual({
      offer: {
        slug: "clipwise-three-months",
        partner: "Clipwise",
        title: "Three months of Clipwise free",
        summary: "Edit short clips faster.",
        discount: "3 months free",
        url: "https://clipwise.example",
        code: null,
        category: "Video",
        body: "Clipwise cuts **long videos** into clips.",
        expires: "2027-03-31",
      },
    });

    await user.click(within(list).getByRole("button", { name: "End the Thumbnest offer" }));
    const ask = await screen.findByRole("dialog", { name: "End the Thumbnest offer now?" });
    await user.click(within(ask).getByRole("button", { name: "End the offer" }));
    expect(await within(list).findByText(/Ended/)).toBeVisible();
    expect(api.of("endPartnerOffer").map(({ params }) => params)).toEqual([{ slug: OFFER.slug }]);
    expect(api.problems).toEqual([]);
  });
});
