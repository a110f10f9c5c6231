/**
 * The runnable example shown with new credentials (and in docs/api-apps.md): a token with the key and secret,
 * then the robot list with it. Single quotes keep every shell from reading the secret.
 */
export function curlExample(origin: string, tokenUrl: string, accessKey: string, secret: string): string {
  return [
    `TOKEN=$(curl -s -u '${accessKey}:${secret}' -d grant_type=client_credentials '${tokenUrl}' \\`,
    `  | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    `curl -s -H "Authorization: Bearer $TOKEN" '${origin}/opt/open/v1/robots'`,
  ].join('\n');
}
