import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Switch } from '../../../components/ui/switch';
import { apiRequest } from '../../../lib/api-client';

type PlanFeatures = {
  replaceIcons: boolean;
  cardTitleRenaming: boolean;
  sectionCustomization: boolean;
  restrictedFiles: boolean;
  trustCenterAi: boolean;
  integrations: boolean;
  bridgeLetters: boolean;
};

const featureLabels: Record<keyof PlanFeatures, { label: string; hint: string }> = {
  replaceIcons: { label: 'Replace icons', hint: 'Staff may upload their own card and item icons.' },
  cardTitleRenaming: { label: 'Rename card titles', hint: 'Cards may carry a custom title.' },
  sectionCustomization: { label: 'Section customisation', hint: 'Sections may be re-ordered per product.' },
  restrictedFiles: { label: 'Restricted files', hint: 'Documents may be restricted to approved accounts.' },
  trustCenterAi: { label: 'Trust Center AI', hint: 'Signed-in accounts may ask AI questions in search.' },
  integrations: { label: 'Integrations', hint: 'Bug-bounty and status-page integrations.' },
  bridgeLetters: { label: 'Bridge letters', hint: 'SOC 1 and SOC 2 bridge letters on the report items.' },
};

const planKey = ['staff', 'plan-features'];

/** Console: the plan features of this self-hosted instance's organisation; every switch is audited. */
export function PlanFeaturesPanel() {
  const queryClient = useQueryClient();
  const features = useQuery({
    queryKey: planKey,
    queryFn: () => apiRequest<PlanFeatures>('/api/staff/plan-features'),
  });
  const change = useMutation({
    mutationFn: (patch: Partial<PlanFeatures>) =>
      apiRequest<PlanFeatures>('/api/staff/plan-features', { method: 'PATCH', body: patch }),
    onSuccess: (next) => {
      queryClient.setQueryData(planKey, next);
      toast.success('Plan features saved');
    },
    onError: (failure) => toast.error(failure.message),
  });
  if (features.isError) return <p role="alert">{features.error.message}</p>;
  if (!features.data)
    return (
      <p aria-busy="true" className="text-sm text-slate-600">
        Loading…
      </p>
    );
  const current = features.data;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {(Object.keys(featureLabels) as (keyof PlanFeatures)[]).map((key) => (
        <li key={key} className="flex items-center justify-between gap-4 p-4">
          <div>
            <label htmlFor={`plan-${key}`} className="font-medium text-slate-900">
              {featureLabels[key].label}
            </label>
            <p className="text-sm text-slate-600">{featureLabels[key].hint}</p>
          </div>
          <Switch
            id={`plan-${key}`}
            checked={current[key]}
            disabled={change.isPending}
            onCheckedChange={(checked) => change.mutate({ [key]: checked })}
          />
        </li>
      ))}
    </ul>
  );
}
