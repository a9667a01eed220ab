import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// waitFor/findBy give up after 1 s by default: too short on a loaded 2-core CI host; a real failure still fails.
configure({ asyncUtilTimeout: 10_000 });

// Vitest runs without globals, so Testing Library's automatic cleanup is wired here; each test starts signed out.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
