/** Badge colours for log statuses: success green, refusals red, the in-between neutral. */
export const auditStatusVariant = (status: string) =>
  status === 'success' ? 'success' : status === 'failure' || status === 'denied' ? 'destructive' : 'secondary';
