import { screen } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";

/** The fields /submit's schema asks for, filled in as an employer would (pasted: typing is slow). */
export async function fillInSubmission(user: ReturnType<typeof userEvent.setup>) {
  const paste = async (name: string, text: string) => {
    await user.click(screen.getByRole("textbox", { name }));
    await user.paste(text);
  };
  await paste("Company name", "Reel Studio");
  await paste("Website", "https://reel.example");
  await paste("Job title", "Video Editor");
  await user.selectOptions(screen.getByRole("combobox", { name: "Department" }), "design");
  await user.selectOptions(screen.getByRole("combobox", { name: "Region" }), "europe");
  await user.selectOptions(screen.getByRole("combobox", { name: "Type" }), "full-time");
  await paste("Location", "Berlin, Germany");
  await paste("Description", "Cut our short films and series for YouTube and TikTok. ".repeat(5));
}
