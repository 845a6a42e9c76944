import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import type { CSSProperties } from 'react';
import { textDirection } from '../../../../shared/i18n/locales';
import { translatorFor } from '../../../render/locale';
import type { MailBrand } from './mail-brand';
import { aroundLink, linkMarker, type MailBlock, type MailContent, previewOf } from './mail-content';

// System fonts only: web fonts are blocked or slow in many clients, and fetching them would track.
const fontFamily =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const page = '#f3f4f6';
const card = '#ffffff';
const textColour = '#1f2937';
// #4b5563 on the page grey is 6.9:1, on white 7.6:1: the footer stays readable.
const muted = '#4b5563';
const border = '#e5e7eb';

const paragraph: CSSProperties = {
  fontSize: '16px',
  lineHeight: '26px',
  color: textColour,
  margin: '0 0 16px',
};

function Block({ block, brand }: { block: MailBlock; brand: MailBrand }) {
  const link: CSSProperties = { color: brand.palette.ink, textDecoration: 'underline' };
  switch (block.kind) {
    case 'paragraph':
      return <Text style={paragraph}>{block.text}</Text>;
    case 'action':
      return (
        <Section style={{ margin: '0 0 20px' }}>
          <Text style={paragraph}>{block.text}.</Text>
          <Button
            href={block.url}
            style={{
              backgroundColor: brand.palette.accent,
              color: brand.palette.onAccent,
              borderRadius: '6px',
              fontSize: '16px',
              fontWeight: 600,
              lineHeight: '20px',
              padding: '12px 22px',
              textDecoration: 'none',
            }}
          >
            {block.label}
          </Button>
          <Text style={{ fontSize: '13px', lineHeight: '20px', color: muted, margin: '12px 0 0' }}>
            Or open this address:{' '}
            <Link href={block.url} style={{ ...link, wordBreak: 'break-all' }}>
              {block.url}
            </Link>
          </Text>
        </Section>
      );
    case 'quote':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          {block.intro ? <Text style={paragraph}>{block.intro}</Text> : null}
          <Section
            style={{
              borderLeft: `4px solid ${brand.palette.accent}`,
              backgroundColor: brand.palette.soft,
              padding: '12px 16px',
            }}
          >
            <Text style={{ ...paragraph, margin: 0, whiteSpace: 'pre-wrap' }}>{block.text}</Text>
          </Section>
        </Section>
      );
    case 'facts':
      return (
        <Section style={{ margin: '0 0 16px', border: `1px solid ${border}`, borderRadius: '6px' }}>
          {block.rows.map((row) => (
            <Row key={row.label}>
              <Column style={{ padding: '10px 16px', width: '40%', verticalAlign: 'top' }}>
                <Text style={{ ...paragraph, margin: 0, color: muted, fontSize: '14px' }}>
                  {row.url ? (
                    <Link href={row.url} style={link}>
                      {row.label}
                    </Link>
                  ) : (
                    row.label
                  )}
                </Text>
              </Column>
              <Column style={{ padding: '10px 16px', verticalAlign: 'top' }}>
                {/* Long addresses wrap: a phone's screen is narrower than one e-mail address and its company. */}
                <Text
                  style={{
                    ...paragraph,
                    margin: 0,
                    fontWeight: 600,
                    overflowWrap: 'anywhere',
                    wordBreak: 'break-word',
                  }}
                >
                  {row.value}
                </Text>
              </Column>
            </Row>
          ))}
        </Section>
      );
    case 'html':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          <div
            style={{ fontSize: '16px', lineHeight: '26px', color: textColour }}
            // Sanitised by the caller (DOMPurify, the updates' settings) before it reaches a mail.
            dangerouslySetInnerHTML={{ __html: block.html }}
          />
        </Section>
      );
  }
}

/**
 * The one layout of every mail Attest sends: the organisation's logo and name, its accent as a rule
 * and on buttons (text colour by computed contrast), the content, and a footer with the reason.
 */
export function BrandedMail({ brand, content }: { brand: MailBrand; content: MailContent }) {
  const footerText: CSSProperties = { fontSize: '13px', lineHeight: '20px', color: muted, margin: '0 0 8px' };
  const footerLink: CSSProperties = { color: muted, textDecoration: 'underline' };
  const locale = content.locale ?? 'en';
  const { t } = translatorFor(locale);
  const [beforeManage, afterManage] = aroundLink(t('mail.manage', { link: linkMarker }));
  const [beforeUnsubscribe, afterUnsubscribe] = aroundLink(t('mail.unsubscribe', { link: linkMarker }));
  return (
    <Html lang={locale} dir={textDirection(locale)}>
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{content.subject}</title>
      </Head>
      <Preview>{previewOf(content)}</Preview>
      <Body style={{ backgroundColor: page, fontFamily, margin: 0, padding: '24px 0' }}>
        <Container style={{ maxWidth: '600px', width: '100%', margin: '0 auto' }}>
          <Section
            style={{
              backgroundColor: card,
              border: `1px solid ${border}`,
              borderTop: `6px solid ${brand.palette.accent}`,
              borderRadius: '8px',
            }}
          >
            <Section style={{ padding: '24px 32px 8px' }}>
              {brand.logoUrl ? (
                // Many clients block images until asked: the alt text keeps the name, the line below the portal.
                <Img
                  src={brand.logoUrl}
                  alt={brand.organisationName}
                  height="40"
                  style={{ height: '40px', width: 'auto', maxWidth: '240px' }}
                />
              ) : (
                <Text
                  style={{
                    fontSize: '18px',
                    lineHeight: '24px',
                    fontWeight: 700,
                    color: textColour,
                    margin: 0,
                  }}
                >
                  {brand.organisationName}
                </Text>
              )}
              <Text style={{ fontSize: '13px', lineHeight: '18px', color: muted, margin: '6px 0 0' }}>
                {brand.portalName}
              </Text>
            </Section>
            <Section style={{ padding: '8px 32px 16px' }}>
              {content.eyebrow ? (
                <Text style={{ fontSize: '14px', lineHeight: '20px', color: muted, margin: '8px 0 0' }}>
                  {content.eyebrow}
                </Text>
              ) : null}
              {content.heading ? (
                <Heading
                  as="h1"
                  style={{
                    fontSize: '22px',
                    lineHeight: '30px',
                    fontWeight: 700,
                    color: textColour,
                    margin: '8px 0 16px',
                  }}
                >
                  {content.heading}
                </Heading>
              ) : null}
              {content.blocks.map((block, index) => (
                <Block key={index} block={block} brand={brand} />
              ))}
            </Section>
          </Section>
          <Section style={{ padding: '20px 32px 0' }}>
            <Text style={footerText}>{content.reason}</Text>
            {content.manageUrl ? (
              <Text style={footerText}>
                {beforeManage}
                <Link href={content.manageUrl} style={footerLink}>
                  {t('mail.manageLink')}
                </Link>
                {afterManage}
              </Text>
            ) : null}
            {content.unsubscribeUrl ? (
              <Text style={footerText}>
                {beforeUnsubscribe}
                <Link href={content.unsubscribeUrl} style={footerLink}>
                  {t('mail.unsubscribeLink')}
                </Link>
                {afterUnsubscribe}
              </Text>
            ) : null}
            <Hr style={{ borderColor: border, margin: '12px 0' }} />
            <Text style={footerText}>
              <Link href={brand.portalUrl} style={footerLink}>
                {brand.portalName}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
