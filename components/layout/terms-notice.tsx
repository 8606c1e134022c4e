import dynamic from "next/dynamic";
import { useAuth } from "@/lib/auth/auth-context";

// Loaded only once someone is signed in: a signed-out visitor's page downloads none of it.
const TermsBanner = dynamic(
  () => import("@/features/content/components/terms-banner").then((module) => module.TermsBanner),
  { ssr: false },
);

/**
 * New versions of the legal documents for the signed-in person to accept (issue 64), over the
 * page's bottom: above the profile area's bottom bar on a phone.
 */
export function TermsNotice({ aboveBottomBar = false }: { aboveBottomBar?: boolean }) {
  const { token } = useAuth();
  return token ? <TermsBanner aboveBottomBar={aboveBottomBar} /> : null;
}
