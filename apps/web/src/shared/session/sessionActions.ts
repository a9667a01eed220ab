import { createAction } from '@reduxjs/toolkit';

/** Dispatched when the user logs out or the server answers 401/99; each slice clears what belongs to the ended session. */
export const sessionEnded = createAction('session/ended');

/**
 * Dispatched when an agent signs in or registers in a browser whose CMA data belongs to someone else (MLS rules:
 * one member's export is never shown to another). The CMA workflow and the listing pool are dropped.
 */
export const browserDataReleased = createAction('session/browserDataReleased');
