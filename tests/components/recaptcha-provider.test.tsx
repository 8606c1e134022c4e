import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  RECAPTCHA_LOAD_WARNING,
  RECAPTCHA_SCRIPT_ID,
  RecaptchaProvider,
} from "@/components/providers/recaptcha-provider";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("RecaptchaProvider", () => {
  it("loads the v3 script with the site key from env", () => {
    render(
      <RecaptchaProvider siteKey="site-key-123">
        <p>Form</p>
      </RecaptchaProvider>,
    );
    const script = document.getElementById(RECAPTCHA_SCRIPT_ID) as HTMLScriptElement;
    expect(script.src).toBe("https://www.google.com/recaptcha/api.js?render=site-key-123");
  });

  it("only warns in the console when the script fails to load", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    render(
      <RecaptchaProvider siteKey="site-key-123">
        <p>Form</p>
      </RecaptchaProvider>,
    );
    document.getElementById(RECAPTCHA_SCRIPT_ID)!.dispatchEvent(new Event("error"));

    expect(warn).toHaveBeenCalledExactlyOnceWith(RECAPTCHA_LOAD_WARNING);
    expect(screen.getByText("Form")).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/recaptcha/i);
  });

  it("loads nothing without a site key", () => {
    render(
      <RecaptchaProvider siteKey={undefined}>
        <p>Form</p>
      </RecaptchaProvider>,
    );
    expect(document.getElementById(RECAPTCHA_SCRIPT_ID)).toBeNull();
    expect(screen.getByText("Form")).toBeInTheDocument();
  });
});
