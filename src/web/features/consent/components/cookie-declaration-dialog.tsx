import { useState } from 'react';
import {
  type ConsentCategory,
  type ConsentRecord,
  consentCategories,
  type ScriptKind,
  type Scripts,
  scriptCategories,
  scriptLabels,
  scriptOrigins,
} from '../../../../shared/consent';
import type { MessageKey } from '../../../../shared/i18n/translator';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Switch } from '../../../components/ui/switch';
import { useTranslator } from '../../../lib/i18n';
import { acceptAll, type ConsentChoices, rejectAll } from '../lib/consent-storage';

type CookieDeclarationDialogProps = {
  organisationName: string;
  scripts: Scripts;
  configured: ScriptKind[];
  record: ConsentRecord | null;
  onSave: (choices: ConsentChoices) => void;
  onClose: () => void;
};

const categoryKeys: Record<ConsentCategory, { label: MessageKey; description: MessageKey }> = {
  strictly_necessary: { label: 'consent.necessary', description: 'consent.necessaryText' },
  analytics: { label: 'consent.analytics', description: 'consent.analyticsText' },
  marketing_and_advertising: { label: 'consent.marketing', description: 'consent.marketingText' },
  social_media_advertising: { label: 'consent.socialMedia', description: 'consent.socialMediaText' },
  performance_and_functionality: { label: 'consent.performance', description: 'consent.performanceText' },
};

function hostOf(origin: string): string {
  return origin.replace(/^[a-z]+:\/\//, '');
}

/** The cookie declaration: what each category is for, which scripts it covers, and the visitor's switches. */
export default function CookieDeclarationDialog({
  organisationName,
  scripts,
  configured,
  record,
  onSave,
  onClose,
}: CookieDeclarationDialogProps) {
  const { t } = useTranslator();
  const [choices, setChoices] = useState<ConsentChoices>(() => {
    if (!record) return rejectAll;
    const { strictly_necessary: _alwaysOn, ...rest } = record.categories;
    return rest;
  });
  const scriptsIn = (category: ConsentCategory) =>
    configured.filter((kind) => scriptCategories[kind] === category);

  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent
        title={t('footer.cookieSettings')}
        description={t('consent.declarationText', { organisation: organisationName })}
      >
        <ul className="mt-5 space-y-3">
          {consentCategories.map((category) => {
            const id = `consent-${category}`;
            const isAlwaysOn = category === 'strictly_necessary';
            const kinds = scriptsIn(category);
            return (
              <li key={category} className="rounded-xl border border-slate-200 p-4">
                <div className="flex items-center justify-between gap-4">
                  {isAlwaysOn ? (
                    <p className="font-medium text-slate-900">{t(categoryKeys[category].label)}</p>
                  ) : (
                    <label htmlFor={id} className="font-medium text-slate-900">
                      {t(categoryKeys[category].label)}
                    </label>
                  )}
                  {isAlwaysOn ? (
                    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                      {t('cookies.alwaysOn')}
                    </span>
                  ) : (
                    <Switch
                      id={id}
                      checked={choices[category]}
                      onCheckedChange={(checked) =>
                        setChoices((current) => ({ ...current, [category]: checked }))
                      }
                    />
                  )}
                </div>
                <p className="mt-1.5 text-sm leading-6 text-slate-600">
                  {t(categoryKeys[category].description)}
                </p>
                {kinds.length > 0 ? (
                  <ul className="mt-2 space-y-1 text-sm text-slate-700">
                    {kinds.map((kind) => (
                      <li key={kind}>
                        <span className="font-medium">{scriptLabels[kind]}</span>{' '}
                        <span className="text-slate-600">
                          {`(${t('consent.scriptFrom', {
                            id: scripts[kind] ?? '',
                            hosts: (scriptOrigins[kind].scriptSrc ?? []).map(hostOf).join(', '),
                          })})`}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : isAlwaysOn ? null : (
                  <p className="mt-2 text-sm text-slate-600">{t('consent.nothingUsed')}</p>
                )}
              </li>
            );
          })}
        </ul>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onSave(rejectAll)}>
            {t('consent.rejectAll')}
          </Button>
          <Button variant="secondary" onClick={() => onSave(acceptAll)}>
            {t('consent.acceptAll')}
          </Button>
          <Button onClick={() => onSave(choices)}>{t('consent.saveChoices')}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
