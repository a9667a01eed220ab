import { describe, expect, it } from 'vitest';
import { claimBrowserData, clearAllStorage, isSubscribedFlag, isSubscribedSession, saveSession, subscribeToSession } from './session';

describe('session (spec §4)', () => {
  it.each([
    ['1', true],
    ['1.0', true],
    ['0', false],
    ['', false],
    ['true', false],
    ['2', false],
    [null, false],
  ] as const)('subscribed flag %j counts as subscribed: %s', (value, expected) => {
    expect(isSubscribedFlag(value)).toBe(expected);
  });

  it.each([
    [{ token: 'abc', subscribed: '1' }, true],
    [{ token: 'abc', subscribed: '0' }, false],
    [{ token: '', subscribed: '1' }, false],
    [{ token: '   ', subscribed: '1' }, false],
    [{ subscribed: '1' }, false],
    [{ token: 'abc' }, false],
  ] as const)('storage %j is a subscribed session: %s', (stored, expected) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    expect(isSubscribedSession()).toBe(expected);
  });

  it('saveSession stores token and subscribed = 1, and clearAllStorage removes everything; listeners hear both', () => {
    let changes = 0;
    const unsubscribe = subscribeToSession(() => (changes += 1));
    localStorage.setItem('persist:root', '{}');
    saveSession('tok', 1);
    expect([localStorage.getItem('token'), localStorage.getItem('subscribed')]).toEqual(['tok', '1']);
    expect(isSubscribedSession()).toBe(true);
    clearAllStorage();
    expect(localStorage.length).toBe(0);
    expect(isSubscribedSession()).toBe(false);
    expect(changes).toBe(2);
    unsubscribe();
  });
});

describe('whose CMA data the browser holds (MLS rules)', () => {
  it('keeps it for the same agent signing in again and drops it for another agent or a new account', () => {
    clearAllStorage();
    expect(claimBrowserData('agent-a')).toBe(true); // nobody known held it: drop whatever is there
    expect(claimBrowserData('agent-a')).toBe(false);
    expect(claimBrowserData('agent-b')).toBe(true);
    expect(claimBrowserData(null)).toBe(true);
    expect(claimBrowserData('agent-b')).toBe(true);
  });
});
