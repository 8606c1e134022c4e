// The templates take React Email's components from their own packages (@react-email/section,
// …), not from @react-email/components, which pins an older @react-email/render of its own:
// one renderer, and one copy of the HTML and text parsers it brings.
import { render } from "@react-email/render";
import { createElement } from "react";
import type { MailMessage, MailTemplate, MailTemplates, RenderedMail } from "./messages";
import type { MailTemplateDefinition } from "./template";

// html-to-text shouts headings in capitals; the text part reads better as the HTML is worded.
const TEXT_OPTIONS = {
  selectors: [{ selector: "h1", options: { uppercase: false } }],
};

async function renderWith<T extends MailTemplate>(
  definition: MailTemplateDefinition<T>,
  props: MailTemplates[T],
): Promise<RenderedMail> {
  const element = createElement(definition.Email, props);
  // Both parts from one tree: clients that show no HTML (and spam filters) read the text part.
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: TEXT_OPTIONS }),
  ]);
  const replyTo = definition.replyTo?.(props);
  const envelopeFrom = definition.envelopeFrom?.(props);
  return {
    subject: definition.subject(props),
    html,
    text,
    headers: definition.headers?.(props) ?? {},
    ...(replyTo ? { replyTo } : {}),
    ...(envelopeFrom ? { envelopeFrom } : {}),
  };
}

/** Renders a message: its subject, HTML and text parts, and headers of its own. */
export type MailRenderer = (message: MailMessage) => Promise<RenderedMail>;

/**
 * Every template, by name: the features' templates, put together where the features are
 * (lib/server/worker/mail-templates.ts), as shared code names no feature.
 */
export type MailTemplateMap = { [T in MailTemplate]: MailTemplateDefinition<T> };

/** The renderer of these templates. */
export function mailRenderer(templates: MailTemplateMap): MailRenderer {
  return (message) => {
    // MailMessage ties each template to its props, but TypeScript cannot follow that tie
    // through a lookup by name, so the props are passed on unchecked here, once.
    const definition = templates[message.template] as MailTemplateDefinition<MailTemplate>;
    // Messages wait in the queue as JSON: one written by another version may name no template.
    if (!definition) throw new Error(`Unknown mail template: ${String(message.template)}`);
    return renderWith(definition, message.props as never);
  };
}
