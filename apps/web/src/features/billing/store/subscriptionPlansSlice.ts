import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SubscriptionPlan } from '@cma/contracts';
import { resetLogin } from '../../../shared/session/loginSlice';
import { sessionEnded } from '../../../shared/session/sessionActions';

/** The plans of sign-up (spec §3's login-store fields, spelled as the spec): the plan list and the plan chosen on /subscription-plan. */
export interface SubscriptionPlansState {
  subscriptionPlan: SubscriptionPlan | null;
  allSubcriptionPlan: SubscriptionPlan[];
}

export const initialSubscriptionPlansState: SubscriptionPlansState = { subscriptionPlan: null, allSubcriptionPlan: [] };

export const subscriptionPlansSlice = createSlice({
  name: 'subscriptionPlans',
  initialState: initialSubscriptionPlansState,
  reducers: {
    setSubscriptionPlan(state, action: PayloadAction<SubscriptionPlan | null>) {
      state.subscriptionPlan = action.payload;
    },
    setAllSubcriptionPlan(state, action: PayloadAction<SubscriptionPlan[]>) {
      state.allSubcriptionPlan = action.payload;
    },
  },
  extraReducers: (builder) => {
    // Resetting the login state (a refused subscription) and ending the session forget the chosen plan, as before the split.
    builder.addCase(resetLogin, () => initialSubscriptionPlansState);
    builder.addCase(sessionEnded, () => initialSubscriptionPlansState);
  },
});

export const { setSubscriptionPlan, setAllSubcriptionPlan } = subscriptionPlansSlice.actions;

/** The plan chosen on /subscription-plan, from the root state. */
export const selectChosenPlan = (state: { subscriptionPlans: SubscriptionPlansState }): SubscriptionPlan | null => state.subscriptionPlans.subscriptionPlan;
