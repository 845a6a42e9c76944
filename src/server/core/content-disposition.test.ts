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

  it('keeps line breaks and RFC 5987 specials out of the header', () => {
    const header = contentDisposition('attachment', "Q3 (final)'s\r\nSet-Cookie: x=1.csv");
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `attachment; filename="Q3 (final)'s__Set-Cookie: x=1.csv"; filename*=UTF-8''Q3%20%28final%29%27s%0D%0ASet-Cookie%3A%20x%3D1.csv`,
    );
  });

  it('writes a name for a file that has none', () => {
    expect(contentDisposition('attachment', '')).toBe('attachment; filename="download"');
  });
});
