import { kbMaxPage } from '../../../../shared/knowledge-base-texts';

/** Total pages the window lets a viewer reach (spec 3 §9: 1000 minus the page size). */
export function reachablePages(nbPages: number, hitsPerPage: number): number {
  return Math.min(nbPages, kbMaxPage(hitsPerPage) + 1);
}
