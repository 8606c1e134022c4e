import { ProfilePageHeader } from "@/components/ui/profile-page-header";

export default function JobsPage() {
  return <ProfilePageHeader title="Jobs for you" lead="Open roles that match your preferences." />;
}
