import { createAction } from '@reduxjs/toolkit';

/** Dispatched when the user logs out; each slice clears what belongs to the ended session. */
export const sessionEnded = createAction('session/ended');
