/** The singleton key of a recurring job's run in the time slot holding `at` (one run per slot across instances). */
export const recurringSlotKey = (slotName: string, intervalMs: number, at: Date): string => `${slotName}:${Math.floor(at.getTime() / intervalMs)}`;
