export { LoginPage } from './components/login-page';
export { RegisterPage } from './components/register-page';
