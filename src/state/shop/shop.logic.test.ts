import { describe, expect, it } from 'vitest';
import { bridgeEvents, followSession, type BridgeEvent } from './shop.logic';

describe('bridgeEvents: what favourites and cart are told when the session user changes', () => {
  it('a visitor who signs in: signed in as them', () => {
    expect(bridgeEvents(undefined, 'ana')).toEqual([{ type: 'SIGNED_IN', userId: 'ana' }]);
    expect(bridgeEvents(null, 'ana')).toEqual([{ type: 'SIGNED_IN', userId: 'ana' }]);
  });

  it('the stored user confirmed: signed in again, nothing let go of', () => {
    expect(bridgeEvents('ana', 'ana')).toEqual([{ type: 'SIGNED_IN', userId: 'ana' }]);
  });

  it("someone else now (another tab signed in as them): the earlier user's lists go first", () => {
    expect(bridgeEvents('ana', 'bruno')).toEqual([{ type: 'SIGNED_OUT' }, { type: 'SIGNED_IN', userId: 'bruno' }]);
  });

  it('a sign-out empties them; a visitor staying a visitor tells nothing', () => {
    expect(bridgeEvents('ana', null)).toEqual([{ type: 'SIGNED_OUT' }]);
    expect(bridgeEvents(undefined, null)).toEqual([]);
    expect(bridgeEvents(null, null)).toEqual([]);
  });
});

describe('followSession: the bridge told each user the session says', () => {
  it('from a stored user: nothing while the session is not sure, then the events of each change from the last user followed', () => {
    const sent: BridgeEvent[] = [];
    const follow = followSession('ana', (event) => sent.push(event));
    follow(undefined);
    expect(sent).toEqual([]);
    follow(null);
    expect(sent).toEqual([{ type: 'SIGNED_OUT' }]);
    follow(undefined);
    follow('bruno');
    expect(sent).toEqual([{ type: 'SIGNED_OUT' }, { type: 'SIGNED_IN', userId: 'bruno' }]);
  });
});
