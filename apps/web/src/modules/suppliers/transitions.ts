import { MANUAL_RELATIONSHIP_TRANSITIONS, type RelationshipStatus } from '@tidewise/shared/organization';

export type RelationshipAction = { to: RelationshipStatus; label: string; verb: string; destructive: boolean; explain: string };

const ACTIONS: Record<RelationshipStatus, Omit<RelationshipAction, 'to'>> = {
  active: { label: 'Reactivate', verb: 'reactivate', destructive: false, explain: 'Data sharing with this supplier resumes at once.' },
  suspended: {
    label: 'Suspend',
    verb: 'suspend',
    destructive: true,
    explain: 'Data sharing pauses until you reactivate the relationship. The supplier keeps its account.',
  },
  ended: {
    label: 'End relationship',
    verb: 'end',
    destructive: true,
    explain: 'The relationship closes for good; only a new invitation opens it again.',
  },
  pending: { label: 'Reopen', verb: 'reopen', destructive: false, explain: 'Send a new invitation to reopen the relationship.' },
};

/** The changes a customer may make from a status by hand, in menu order (the shared state machine decides). */
export const relationshipActions = (status: RelationshipStatus): RelationshipAction[] =>
  MANUAL_RELATIONSHIP_TRANSITIONS[status].map((to) => ({ to, ...ACTIONS[to] }));
