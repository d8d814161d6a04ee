import {
  Activity,
  Bot,
  FileText,
  Layers,
  PlayCircle,
  Server,
  Settings,
  ShieldCheck,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import type { SearchItemType } from '../engine/search-types';

const ICONS: Record<SearchItemType, LucideIcon> = {
  anomaly: TriangleAlert,
  action: ShieldCheck,
  application: Server,
  audit: FileText,
  agent: Bot,
  configuration: Settings,
  incident: Layers,
  execution: PlayCircle,
};

export function TypeIcon({ type, className }: { type: SearchItemType; className?: string }) {
  const Icon = ICONS[type] ?? Activity;
  return <Icon aria-hidden="true" data-type-icon={type} className={className} />;
}
