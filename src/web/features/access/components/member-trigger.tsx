import { ChevronDown } from 'lucide-react';
import type { Translator } from '../../../../shared/i18n/translator';
import type { PortalView } from '../../../../shared/portal';
import { classNames } from '../../../lib/class-names';

type MemberName = { firstName?: string; lastName?: string; email: string };

export function initialsOf(member: MemberName): string {
  const letters = `${member.firstName?.[0] ?? ''}${member.lastName?.[0] ?? ''}`;
  return (letters || member.email[0] || '?').toUpperCase();
}

export function displayNameOf(member: MemberName): string {
  const name = [member.firstName, member.lastName].filter(Boolean).join(' ').trim();
  return name || member.email;
}

export function accountLabel({ t }: Translator, member: MemberName): string {
  return t('header.accountOf', { name: displayNameOf(member) });
}

/** The signed-in member's trigger as the server renders it; the menu itself loads after hydration. */
export function MemberTrigger({
  member,
  className,
}: {
  member: NonNullable<PortalView['viewer']['member']>;
  className?: string;
}) {
  return (
    <>
      <span
        aria-hidden
        className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-soft text-xs font-semibold text-brand-ink"
      >
        {initialsOf(member)}
      </span>
      <span className={classNames('hidden max-w-[12rem] truncate sm:inline', className)}>
        {displayNameOf(member)}
      </span>
      <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden />
    </>
  );
}
