import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from './sessionActions';

export type LoginState = 'login' | 'register';

/**
 * Login store of spec §3, field names spelled as the spec; shared by the header, accounts and billing. The plans
 * (subscriptionPlan, allSubcriptionPlan) live in billing's subscriptionPlansSlice.
 */
export interface LoginSliceState {
  loginstate: LoginState;
  businessAndSubscriptionDetails: Record<string, unknown> | null;
  profileImage: string;
  passData: Record<string, unknown> | null;
  promocode: string;
}

export const initialLoginState: LoginSliceState = {
  loginstate: 'login',
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
  setBusinessAndSubscriptionDetails,
  setProfileImage,
  setPassData,
  setPromocode,
  resetLogin,
} = loginSlice.actions;
