import { SITE_NAME } from "@/lib/site";
import type { MailTemplates } from "../messages";
import { serviceName } from "./enquiry-team";
import { greeting, Layout, Paragraph } from "./layout";
import type { MailTemplateDefinition } from "./template";

type Props = MailTemplates["enquiry-received"];

function EnquiryReceivedEmail(props: Props) {
  return (
    <Layout
      preview="A recruiter will reply within one working day."
      heading="We have your enquiry"
      reason={`You get this because you sent an enquiry about recruitment services on ${SITE_NAME}.`}
    >
      <Paragraph>
        {`${greeting(props.name)} thank you for your enquiry about the ${serviceName(props.service)} service.`}
      </Paragraph>
      <Paragraph>
        A recruiter will reply within one working day, with questions or a plan.
      </Paragraph>
    </Layout>
  );
}

export const enquiryReceived: MailTemplateDefinition<"enquiry-received"> = {
  subject: () => `We have your enquiry`,
  Email: EnquiryReceivedEmail,
};
