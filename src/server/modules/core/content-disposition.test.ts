import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('Content-Disposition', () => {
  it('names a plain file once', () => {
    expect(contentDisposition('attachment', 'knowledge-base.csv')).toBe(
      'attachment; filename="knowledge-base.csv"',
    );
  });

  it('adds the exact UTF-8 name when the ASCII fallback cannot carry it', () => {
    expect(contentDisposition('inline', 'Sécurité policy.pdf')).toBe(
      `inline; filename="S_curit_ policy.pdf"; filename*=UTF-8''S%C3%A9curit%C3%A9%20policy.pdf`,
    );
  });

  it('never lets a name break out of its quotes', () => {
    expect(contentDisposition('attachment', 'a"b\\c.txt')).toBe(
      `attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`,
    );
  });
});
