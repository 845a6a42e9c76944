import { describe, expect, it } from 'vitest';
import { composeUpdateMail } from './update-mail';

const mail = (message: string) =>
  composeUpdateMail({
    organisationName: 'Acme Cloud',
    topicSubject: 'Incident resolved',
    category: 'incidents',
    message,
    topicUrl: 'https://trust.acme.example/acme?tcuUid=1',
  });

describe('update e-mail (issue 16 item 22)', () => {
  it('drops unsafe links to their text in the HTML and plain-text parts, like the web rendering', () => {
    const { html, text } = mail(
      'Fixed. [bad](javascript:alert(1)) [mixed](JaVaScRiPt:alert(2)) [data](data:text/html,hi) and [ok](https://acme.example/status)',
    );
    expect(html).toContain(
      '<p>Fixed. <a>bad</a> <a>mixed</a> <a>data</a> and <a href="https://acme.example/status"',
    );
    expect(text).toContain('Fixed. bad mixed data and ok (https://acme.example/status)');
    for (const part of [html, text]) expect(part).not.toMatch(/javascript:|data:text|\]\(/i);
  });
});
