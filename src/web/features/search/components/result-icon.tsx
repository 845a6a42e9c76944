import {
  BadgeCheck,
  FileText,
  Globe,
  Info,
  type LucideIcon,
  Megaphone,
  MessageCircleQuestion,
  ShieldCheck,
} from 'lucide-react';
import type { SearchResultType } from '../../../../shared/search';

const icons: Record<SearchResultType, LucideIcon> = {
  document: FileText,
  control: ShieldCheck,
  fact: Info,
  faq: MessageCircleQuestion,
  trust_item: BadgeCheck,
  update: Megaphone,
  webpage: Globe,
};

export function ResultIcon({ type, className }: { type: SearchResultType; className?: string }) {
  const Icon = icons[type];
  return <Icon className={className} aria-hidden />;
}
