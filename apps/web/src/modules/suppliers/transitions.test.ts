import { describe, expect, it } from 'vitest';
import { relationshipActions } from './transitions.ts';

describe('supplier relationship actions follow the shared state machine', () => {
  it('offers only allowed manual transitions', () => {
    expect(relationshipActions('active').map((a) => a.to)).toEqual(['suspended', 'ended']);
    expect(relationshipActions('suspended').map((a) => a.to)).toEqual(['active', 'ended']);
    expect(relationshipActions('pending').map((a) => a.to)).toEqual(['ended']);
    expect(relationshipActions('ended')).toEqual([]);
  });
});
