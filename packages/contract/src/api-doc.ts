import { ERROR_STATUS } from './envelope.js';
import { routeList } from './index.js';

const AUTH = {
  public: 'anyone',
  user: 'signed in',
  superAdmin: 'super admin',
  scim: 'SCIM token',
  app: 'API application',
} as const;

/** docs/api.md, written from the route table so it cannot drift from what the server serves. */
export function renderApiDoc(): string {
  const areas = [...new Set(routeList.map((r) => r.area))];
  const sections = areas.map((area) => {
    const rows = routeList
      .filter((r) => r.area === area)
      .map(
        (r) =>
          `| ${r.method} | \`${r.path}\` | ${r.scope ? `${AUTH[r.auth]}: \`${r.scope}\`` : AUTH[r.auth]} | ${r.summary} |`,
      );
    return [`### ${area}`, '', '| method | path | who | what |', '|---|---|---|---|', ...rows].join('\n');
  });
  const codes = Object.entries(ERROR_STATUS)
    .map(([code, status]) => `| \`${code}\` | ${status} |`)
    .join('\n');
  return `# API

Generated from \`packages/contract\` by \`npm run docs:api\`; a test fails when it is out of date. The same
contract drives the server's routes and validation, the console's calls, and the OpenAPI document served at
\`/opt/docs\` (browsable) and \`/opt/docs/json\`.

## Conventions

- Send the session token in the \`token\` header (\`Authorization: Bearer …\` works too) and the language in \`lng\`.
- Every answer under \`/opt\` and \`/tars\` is \`{ "success": boolean, "info": string, "data": … }\`; a failure
  also carries \`code\`, and \`info\` names the field and the reason for bad input
  (\`body.email: not a valid e-mail address\`).
- Searches take \`{ "pageIndex": 1, "pageLength": 20, "requestData": { … } }\` (pages count from 1, at most
  200 rows) and answer \`data: { "list": [...], "totalCnt": n }\`.
- Another company's object answers 404, as if it did not exist.
- The SCIM 2.0 service under \`/scim/v2\` (an identity provider de-provisioning people, docs/sso.md) is the
  exception: it takes the company's SCIM token as \`Authorization: Bearer …\` and answers SCIM's own JSON
  (\`application/scim+json\`), failures as SCIM errors.
- The open API under \`/opt/open/v1\` (an integrator's system, docs/api-apps.md) takes an API application's access
  token as \`Authorization: Bearer …\`, got from \`/opt/open/v1/oauth/token\` with the application's key and
  secret (OAuth 2.0 client credentials, whose answer and failures are RFC 6749's own JSON). Each call needs the
  scope named beside it.

| code | HTTP status |
|---|---|
${codes}

## Calls (${routeList.length})

${sections.join('\n\n')}
`;
}
