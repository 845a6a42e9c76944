import { Link } from 'react-router';
import { RoleGate } from '../../../components/role-gate';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAccessSettings, useOrganisationSettings } from '../api/access-settings';
import { AccessRequestFieldsForm } from './access-request-fields-form';
import { AccessSettingsForm } from './access-settings-form';
import { PageHeader } from './console-page';
import { NdaSection } from './nda-section';
import { NotificationPreferencesSection } from './notification-preferences-section';

/** Review rules, domains, BYOID, the NDA, the request form's questions and your notifications. */
export function AccessSettingsScreen() {
  const settings = useAccessSettings();
  const organisation = useOrganisationSettings();
  return (
    <div className="space-y-8">
      <PageHeader
        title="Access settings"
        description="How visitors get access to restricted content: review rules, domains, sign-in with your own identity provider, the NDA and the request form."
      />
      {settings.isPending ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : settings.isError ? (
        <ErrorBox detail={settings.error.message} />
      ) : (
        <RoleGate needs="organisation:manage">
          <AccessSettingsForm settings={settings.data} />
        </RoleGate>
      )}
      <RoleGate needs="organisation:manage">
        <NdaSection isRequired={settings.data?.requireNda} />
      </RoleGate>
      {organisation.isPending ? (
        <Skeleton className="h-72 w-full" />
      ) : organisation.isError ? (
        <ErrorBox detail={organisation.error.message} />
      ) : (
        <RoleGate needs="statuspage:edit">
          <AccessRequestFieldsForm settings={organisation.data} />
        </RoleGate>
      )}
      <NotificationPreferencesSection />
      <p className="text-sm text-slate-600">
        Access requests and decisions can also go to your own systems (a CRM, a ticket queue) by{' '}
        <Link
          to="/console/webhooks"
          className="font-medium text-slate-900 underline underline-offset-4 hover:text-slate-700"
        >
          webhook
        </Link>
        .
      </p>
    </div>
  );
}
