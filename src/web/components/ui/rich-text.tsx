import { classNames } from '../../lib/class-names';

/** Typography for sanitised HTML rendered from Markdown (no typography plugin in the build). */
export const richTextClassName = classNames(
  'min-w-0 text-sm leading-6 break-words text-slate-700',
  '[&_a]:font-medium [&_a]:text-brand-ink [&_a]:underline [&_a]:underline-offset-2',
  '[&_p]:my-2 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:ps-5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:ps-5 [&_li]:my-0.5',
  '[&_h1]:mt-3 [&_h1]:text-base [&_h1]:font-semibold [&_h2]:mt-3 [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-[0.8125rem]',
  '[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3',
  '[&_blockquote]:my-2 [&_blockquote]:border-s-2 [&_blockquote]:border-slate-300 [&_blockquote]:ps-3',
  '[&_table]:my-2 [&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_th]:border [&_th]:border-slate-200 [&_th]:px-2',
);

/**
 * HTML rendered from Markdown and sanitised (DOMPurify, on the server or in src/web/lib/markdown.ts):
 * only such HTML is ever inserted here, never Markdown or text as it came.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div
      dir="auto"
      className={classNames(richTextClassName, className)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
