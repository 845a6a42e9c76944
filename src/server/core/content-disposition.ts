/**
 * RFC 6266 / RFC 8187: an ASCII fallback name, plus the exact UTF-8 name in filename* unless the fallback
 * already is exact. Ours, not the content-disposition package: that one writes '?' in the fallback where
 * we write '_', and leaves filename* out for names with spaces, which some clients then cut short.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const fileName = name || 'download';
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  if (encoded === fileName) return `${disposition}; filename="${fileName}"`;
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
