import { useEffect, type ReactNode } from "react";
import { GoogleReCaptchaProvider } from "react-google-recaptcha-v3";

export const RECAPTCHA_SCRIPT_ID = "google-recaptcha-v3";
export const RECAPTCHA_LOAD_WARNING =
  "reCAPTCHA could not be loaded; bot checks will be unavailable on this page.";

/**
 * The invisible reCAPTCHA v3 provider. The library adds its script in its own effect but never
 * listens for the script failing, so this parent (whose effect runs after its child's) does:
 * a failure only warns in the console and shows the visitor nothing.
 */
export function RecaptchaProvider({
  siteKey,
  children,
}: {
  siteKey: string | undefined;
  children: ReactNode;
}) {
  useEffect(() => {
    if (!siteKey) return;
    const script = document.getElementById(RECAPTCHA_SCRIPT_ID);
    if (!script) return;
    const warn = () => console.warn(RECAPTCHA_LOAD_WARNING);
    script.addEventListener("error", warn);
    return () => script.removeEventListener("error", warn);
  }, [siteKey]);

  if (!siteKey) return <>{children}</>;
  return (
    <GoogleReCaptchaProvider
      reCaptchaKey={siteKey}
      scriptProps={{ async: true, defer: true, appendTo: "body", id: RECAPTCHA_SCRIPT_ID }}
    >
      {children}
    </GoogleReCaptchaProvider>
  );
}
