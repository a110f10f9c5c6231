import { describe, expect, it } from 'vitest';
import { curlExample } from './curl-example.utils';

describe('the curl example', () => {
  it('gets a token with the key and secret and lists the robots with it', () => {
    const text = curlExample(
      'https://f.example',
      'https://f.example/opt/open/v1/oauth/token',
      'fca_1',
      'fcs_2',
    );
    expect(text).toContain(
      "curl -s -u 'fca_1:fcs_2' -d grant_type=client_credentials 'https://f.example/opt/open/v1/oauth/token'",
    );
    expect(text).toContain(`-H "Authorization: Bearer $TOKEN" 'https://f.example/opt/open/v1/robots'`);
  });
});
