import { isSelfContainedSvg } from '../assets';

export type IconContentType = 'image/png' | 'image/jpeg' | 'image/svg+xml';
export const iconContentTypes: readonly IconContentType[] = ['image/png', 'image/jpeg', 'image/svg+xml'];

export type IconCheck =
  | { kind: 'image'; contentType: IconContentType; bytes: Buffer }
  | { kind: 'not-an-icon' }
  | { kind: 'unsafe' };

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const svgNamespace = 'http://www.w3.org/2000/svg';
const scriptingElements = new Set(['script', 'foreignobject', 'iframe', 'object', 'embed', 'handler']);
const referenceAttributes = new Set(['href', 'xlink:href', 'src']);

function isInternalReference(value: string): boolean {
  return /^\s*(#|data:image\/(png|jpeg);)/i.test(value);
}

/** True when DOMPurify had to remove script, an event handler, or a reference outside the file. */
function removedSomethingActive(removed: ReadonlyArray<{ element?: Node; attribute?: Attr | null }>) {
  return removed.some(({ element, attribute }) => {
    if (attribute) {
      const name = attribute.name.toLowerCase();
      return (
        name.startsWith('on') || (referenceAttributes.has(name) && !isInternalReference(attribute.value))
      );
    }
    return element ? scriptingElements.has(element.nodeName.toLowerCase()) : false;
  });
}

/**
 * Parses an SVG as XML and sanitises it with DOMPurify (SVG profile). An SVG that carries script,
 * event handlers, foreignObject, a DTD or references outside itself is refused, not silently cleaned,
 * so the editor learns why; what remains is serialised again from the sanitised tree.
 */
async function checkSvg(bytes: Buffer): Promise<IconCheck> {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE|<svg[\s>])/i.test(text)) {
    return { kind: 'not-an-icon' };
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return { kind: 'unsafe' };
  const [{ JSDOM }, { default: createDomPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const parse = (svg: string) => {
    try {
      const root = new JSDOM(svg, { contentType: 'image/svg+xml' }).window.document.documentElement;
      return root.localName === 'svg' && root.namespaceURI === svgNamespace;
    } catch {
      return false;
    }
  };
  if (!parse(text)) return { kind: 'not-an-icon' };
  const { window } = new JSDOM('');
  try {
    const purify = createDomPurify(window as unknown as Parameters<typeof createDomPurify>[0]);
    const clean = purify.sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true } });
    if (removedSomethingActive(purify.removed as never) || !isSelfContainedSvg(clean))
      return { kind: 'unsafe' };
    if (!parse(clean)) return { kind: 'not-an-icon' };
    return { kind: 'image', contentType: 'image/svg+xml', bytes: Buffer.from(clean, 'utf8') };
  } finally {
    window.close();
  }
}

/** The icon's real type from its bytes (PNG and JPEG signatures, SVG by parsing), never the header. */
export async function checkIconImage(bytes: Buffer): Promise<IconCheck> {
  if (bytes.length >= pngSignature.length && bytes.subarray(0, 8).equals(pngSignature)) {
    return { kind: 'image', contentType: 'image/png', bytes };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { kind: 'image', contentType: 'image/jpeg', bytes };
  }
  return checkSvg(bytes);
}
