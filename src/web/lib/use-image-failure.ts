import { useEffect, useRef, useState } from 'react';

/**
 * Whether an image failed to load, also when it failed before hydration: the server-rendered <img>
 * can error before React listens, so once mounted a settled image with no pixels is checked by
 * decoding it (a loaded SVG without intrinsic size also has naturalWidth 0, but decodes).
 */
export function useImageFailure(src: string | null | undefined) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = imageRef.current;
    if (!src || !image?.complete || image.naturalWidth !== 0) return;
    let isCurrent = true;
    image.decode().catch(() => {
      if (isCurrent) setFailedSrc(src);
    });
    return () => {
      isCurrent = false;
    };
  }, [src]);
  return {
    hasFailed: Boolean(src) && failedSrc === src,
    imageRef,
    onError: () => setFailedSrc(src ?? null),
  };
}
