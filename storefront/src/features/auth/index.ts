export { LoginPage } from './components/login-page';
export { RegisterPage } from './components/register-page';
export { ForgotPasswordPage } from './components/forgot-password-page';
export { ResetPasswordPage } from './components/reset-password-page';
export { ConfirmEmailPage } from './components/confirm-email-page';
export { VerifyEmailPage, UnsubscribePage } from './components/token-link-page';
export { VerifyEmailBanner } from './components/verify-email-banner';
