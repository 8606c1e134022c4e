import { boardSettings } from "@/lib/board-settings";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { serviceName } from "./enquiry-team";
import { greeting, Layout, Paragraph, Quote } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["enquiry-reply"];

function EnquiryReplyEmail(props: Props) {
  return (
    <Layout
      preview={props.reply.slice(0, 120)}
      heading="About your enquiry"
      reason={`You get this because you sent an enquiry about recruitment services on ${boardSettings().name}.`}
    >
      <Paragraph>{greeting(props.name)}</Paragraph>
      <Quote text={props.reply} />
      <Paragraph>
        {`Answer this message to reply. Your enquiry #${props.enquiryId} about the ${serviceName(props.service)} service read:`}
      </Paragraph>
      <Quote text={props.message} />
    </Layout>
  );
}

export const enquiryReply: MailTemplateDefinition<"enquiry-reply"> = {
  subject: (props) => `Re: your enquiry #${props.enquiryId} (${serviceName(props.service)})`,
  Email: EnquiryReplyEmail,
  replyTo: (props) => props.replyTo ?? "",
};
