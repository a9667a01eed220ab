import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../../shared/session/sessionActions';

export type LoginState = 'login' | 'register';

/** Login store of spec §3, field names spelled as the spec (allSubcriptionPlan included). */
export interface LoginSliceState {
  loginstate: LoginState;
  subscriptionPlan: Record<string, unknown> | null;
  allSubcriptionPlan: Array<Record<string, unknown>>;
  businessAndSubscriptionDetails: Record<string, unknown> | null;
  profileImage: string;
  passData: Record<string, unknown> | null;
  promocode: string;
}

export const initialLoginState: LoginSliceState = {
  loginstate: 'login',
  subscriptionPlan: null,
  allSubcriptionPlan: [],
  businessAndSubscriptionDetails: null,
  profileImage: '',
  passData: null,
  promocode: '',
};

export const loginSlice = createSlice({
  name: 'login',
  initialState: initialLoginState,
  reducers: {
    setLoginState(state, action: PayloadAction<LoginState>) {
      state.loginstate = action.payload;
    },
    setSubscriptionPlan(state, action: PayloadAction<LoginSliceState['subscriptionPlan']>) {
      state.subscriptionPlan = action.payload;
    },
    setAllSubcriptionPlan(state, action: PayloadAction<LoginSliceState['allSubcriptionPlan']>) {
      state.allSubcriptionPlan = action.payload;
    },
    setBusinessAndSubscriptionDetails(state, action: PayloadAction<LoginSliceState['businessAndSubscriptionDetails']>) {
      state.businessAndSubscriptionDetails = action.payload;
    },
    setProfileImage(state, action: PayloadAction<string>) {
      state.profileImage = action.payload;
    },
    setPassData(state, action: PayloadAction<LoginSliceState['passData']>) {
      state.passData = action.payload;
    },
    setPromocode(state, action: PayloadAction<string>) {
      state.promocode = action.payload;
    },
    resetLogin() {
      return initialLoginState;
    },
  },
  extraReducers: (builder) => {
    // Spec §4: logout sets the login state to 'login'; nothing of the old user stays in memory.
    builder.addCase(sessionEnded, () => initialLoginState);
  },
});

export const {
  setLoginState,
  setSubscriptionPlan,
  setAllSubcriptionPlan,
  setBusinessAndSubscriptionDetails,
  setProfileImage,
  setPassData,
  setPromocode,
  resetLogin,
} = loginSlice.actions;
