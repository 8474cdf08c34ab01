import { Messages } from '@selfcare/domain';
import { type ImgHTMLAttributes, useState } from 'react';
import { tm } from '../../lib/i18n.ts';

/** An image that says so when it cannot load, instead of showing a broken icon. */
export function SafeImage(props: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <span role="img" aria-label={props.alt}>
        {tm(Messages.imageFailed)}
      </span>
    );
  return <img {...props} alt={props.alt} onError={() => setFailed(true)} />;
}
