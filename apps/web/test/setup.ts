import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library's automatic cleanup is wired here; each test starts signed out.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

