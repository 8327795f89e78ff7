import { Fragment } from 'react';

/**
 * A DNS name that wraps only at its dots (issue 28): '_barberly-verify.www.joescuts.com' may break after
 * '_barberly-verify.' or 'www.', never inside a label. Each label stays whole; a break opportunity follows each dot.
 */
export function DotBreaks({ name }: { name: string }) {
  const labels = name.split('.');
  return (
    <span className="[overflow-wrap:normal] [word-break:normal]" data-dot-breaks="">
      {labels.map((label, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: labels of one name, in order, never reordered
        <Fragment key={i}>
          <span className="whitespace-nowrap">
            {label}
            {i < labels.length - 1 ? '.' : ''}
          </span>
          {i < labels.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}
