import { ContentPage } from "@/components/content-page";

export default function JobPage() {
  return (
    <ContentPage
      theme="violet"
      eyebrow="Job"
      title="Job details"
      description="The role, the company, pay and how to apply."
    />
  );
}
