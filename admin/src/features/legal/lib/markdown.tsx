import { Fragment, type ReactNode } from 'react';

/**
 * The small part of Markdown an operator's terms and privacy texts need, rendered as React elements (never as
 * HTML, so nothing in the file can run): `#`..`###` headings, paragraphs, `-`/`*` lists, `**bold**`, `_italic_`,
 * `[text](https://...)` links (http, https and mailto only), and `<!-- comments -->` left out.
 *
 * "# Terms\n\nHello **you**.\n\n- one\n- two" gives <h1>Terms</h1><p>Hello <strong>you</strong>.</p><ul>...</ul>.
 */
export function renderMarkdown(source: string): ReactNode[] {
  const text = source.replace(/<!--[\s\S]*?-->/g, '').replace(/\r\n?/g, '\n');
  const blocks: ReactNode[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) {
      blocks.push(<p key={blocks.length}>{inline(paragraph.join(' '))}</p>);
      paragraph = [];
    }
    if (list.length) {
      blocks.push(
        <ul key={blocks.length}>
          {list.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static text's items never move
            <li key={i}>{inline(item)}</li>
          ))}
        </ul>,
      );
      list = [];
    }
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (!line) {
      flush();
    } else if (heading) {
      flush();
      const level = heading[1]!.length;
      const Tag = level === 1 ? 'h1' : level === 2 ? 'h2' : 'h3';
      blocks.push(<Tag key={blocks.length}>{inline(heading[2]!)}</Tag>);
    } else if (item) {
      if (paragraph.length) flush();
      list.push(item[1]!);
    } else if (list.length && /^\s+/.test(raw)) {
      // An indented line continues the list item above it.
      list[list.length - 1] += ` ${line}`;
    } else {
      if (list.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

const INLINE = /\*\*(.+?)\*\*|_(.+?)_|\[([^\]]+)\]\(([^)\s]+)\)|`([^`]+)`/g;

function safeHref(href: string): string | null {
  return /^(https?:|mailto:)/i.test(href) || href.startsWith('/') ? href : null;
}

function inline(text: string): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    const key = parts.length;
    if (match[1] !== undefined) parts.push(<strong key={key}>{match[1]}</strong>);
    else if (match[2] !== undefined) parts.push(<em key={key}>{match[2]}</em>);
    else if (match[3] !== undefined) {
      const href = safeHref(match[4]!);
      parts.push(
        href ? (
          <a key={key} href={href}>
            {match[3]}
          </a>
        ) : (
          <Fragment key={key}>{match[3]}</Fragment>
        ),
      );
    } else parts.push(<code key={key}>{match[5]}</code>);
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
