import { Messages } from '@selfcare/domain';
import { type ImgHTMLAttributes, useState } from 'react';

/** An image that says so when it cannot load, instead of showing a broken icon. */
export function SafeImage(props: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <span role="img" aria-label={props.alt}>
        {Messages.imageFailed}
      </span>
    );
  return <img {...props} alt={props.alt} onError={() => setFailed(true)} />;
}
