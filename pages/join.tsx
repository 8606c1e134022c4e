import { PublicLayout } from "@/components/layout/public-layout";
import { Seo } from "@/components/seo";
import { JoinInvitation } from "@/features/companies/components/join-invitation";

/**
 * /join#<token>: where an invitation to a company's team leads (issue 44). In neither the public
 * routes nor the profile area (lib/routes.ts): it draws the public layout itself, and the auth
 * provider watches the identity provider here as in the profile area, so someone signed out can
 * sign in on the page, and someone signed in is known at once. Nobody's invitation belongs in a
 * search engine: noindex, no canonical address.
 */
export default function JoinPage() {
  return (
    <PublicLayout theme="light">
      <Seo
        title="Join a company’s team"
        description="An invitation to a company's team on the board: sign in to see it and accept."
        noIndex
      />
      <JoinInvitation />
    </PublicLayout>
  );
}
