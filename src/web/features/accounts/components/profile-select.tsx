import type { UseFormRegisterReturn } from 'react-hook-form';
import type { PermissionProfile } from '../../../../shared/access';
import { describedBy, Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';

/** '' in the select is "no profile", which the API spells null. */
export const profileIdValue = (value: unknown) => (value === '' || value == null ? null : String(value));

export const profileHint =
  'Members see restricted items that are not hidden; a profile adds the hidden items it lists.';

export function ProfileSelect({
  id,
  profiles,
  error,
  registration,
}: {
  id: string;
  profiles: PermissionProfile[];
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field id={id} label="Permission profile" hint={profileHint} error={error}>
      <Select id={id} isInvalid={Boolean(error)} aria-describedby={describedBy(id, error)} {...registration}>
        <option value="">No profile</option>
        {profiles.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profile.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
