import escapeHtml from 'escape-html';
import MarkdownIt from 'markdown-it';
import { SafeHtml } from './html';

/**
 * Answers as their assistants wrote them, Markdown rendered (lists, bold names, tables, links) by
 * markdown-it with raw HTML off: an answer's own markup is shown as text, never run. Links only to
 * http(s), marked nofollow; images become their alt text, so a report loads nothing from elsewhere.
 */

type Highlight = (text: string) => SafeHtml;

/** `highlight` marks words in plain text (the brand page marks the brand's names); by default text is escaped as is. */
export function markdownRenderer(highlight?: Highlight): (text: string) => SafeHtml {
  const markdown = new MarkdownIt({ html: false, linkify: true });
  markdown.validateLink = (url) => /^https?:\/\//i.test(url.trim());
  markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
    tokens[index]!.attrSet('rel', 'nofollow noopener noreferrer');
    return self.renderToken(tokens, index, options);
  };
  markdown.renderer.rules.image = (tokens, index) => escapeHtml(tokens[index]!.content);
  if (highlight) markdown.renderer.rules.text = (tokens, index) => highlight(tokens[index]!.content).value;
  return (text) => new SafeHtml(markdown.render(text));
}

export const renderMarkdown = markdownRenderer();
