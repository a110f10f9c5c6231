#!/usr/bin/env node
import { startTestProvider } from './test-provider.js';

/*
 * `npm run sso:provider`: a local OpenID provider to try single sign-on against the demo console
 * (docs/sso.md "Try it locally"). Its sign-in page takes any password for the logins below.
 */
const port = Number(process.env.SSO_PROVIDER_PORT ?? 9400);
const console_ = (process.env.CONSOLE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const clientId = process.env.SSO_CLIENT_ID ?? 'fleet-console';
const clientSecret = process.env.SSO_CLIENT_SECRET ?? 'local-test-secret';

const provider = await startTestProvider({
  port,
  host: 'localhost',
  clients: [{ clientId, clientSecret, redirectUris: [`${console_}/opt/v1/sso/*/callback`] }],
  accounts: [
    { login: 'ada', email: 'ada@acme.test', name: 'Ada Lovelace', groups: ['fleet-admins'] },
    { login: 'grace', email: 'grace@acme.test', name: 'Grace Hopper', groups: ['operators'] },
    { login: 'owner', email: 'owner@acme.test', name: 'Acme Owner', groups: [] },
    { login: 'admin', email: 'admin@acme.test', name: 'Acme Admin', groups: ['fleet-admins'] },
  ],
});

process.stdout.write(
  [
    `OpenID provider at ${provider.issuer}`,
    '',
    'In the console, as super@fleet.test in Acme Robotics, open the header’s single sign-on row and enter:',
    `  Issuer         ${provider.issuer}`,
    `  Client ID      ${clientId}`,
    `  Client secret  ${clientSecret}`,
    '  E-mail domain  acme.test',
    '',
    'Sign in at the provider as ada, grace, owner or admin, with any password.',
    'Ctrl+C stops it.',
    '',
  ].join('\n'),
);

const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
