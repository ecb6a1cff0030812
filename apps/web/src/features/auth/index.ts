/** The auth feature's public surface; other features and the app import only from here. */
export { AuthProvider } from './AuthProvider.tsx';
export { useAuth, type AuthContextValue, type AuthStatus } from './auth-context.ts';
export { createBetterAuthService, type AuthService } from './auth-service.ts';
export { createTokenManager, type TokenManager } from './token-manager.ts';
export { AuthError, AUTH_MESSAGES, authErrorMessage, messageForCode } from './errors.ts';
export { OnboardingPage } from './OnboardingPage.tsx';
export { ResetPasswordPage } from './ResetPasswordPage.tsx';
export { rememberedFrom, ONBOARDING_PATHS } from './onboarding-mode.ts';
