export { signInAtProvider } from './sign-in-driver.js';
export {
  startTestProvider,
  type Tampering,
  type TestAccount,
  type TestClient,
  type TestProvider,
  type TestProviderOptions,
} from './test-provider.js';
