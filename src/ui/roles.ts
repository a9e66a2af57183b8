import type { Role } from '../core/model';

export const ROLE_LABELS: Record<Role, string> = {
  system: 'System',
  human: 'Human',
  ai: 'AI',
  tool: 'Tool',
  other: 'Other',
};
