import { describe, expect, it } from 'vitest';
import { isFailedCall, isObjectStorageUrl } from './api-failure';

describe('isObjectStorageUrl', () => {
  it.each([
    ['https://bucket.s3.amazonaws.com/key', true],
    ['https://bucket.s3-eu-west-1.amazonaws.com/key', true],
    ['https://bucket.oss-cn-hangzhou.aliyuncs.com/key', true],
    ['https://bucket.cos.ap-shanghai.myqcloud.com/key', true],
    ['https://console.example/opt/v1/user/me', false],
    ['/opt/v1/user/me', false],
  ])('%s → %s', (url, expected) => {
    expect(isObjectStorageUrl(url)).toBe(expected);
  });

  it('honours a configured list of extra hosts', () => {
    expect(isObjectStorageUrl('http://minio.local:9000/b/k', ['minio.local:9000'])).toBe(true);
    expect(isObjectStorageUrl('http://minio.local:9000/b/k')).toBe(false);
  });
});

describe('isFailedCall', () => {
  it.each([
    [200, { success: true, info: '', data: null }, false],
    [200, { success: false, info: 'x', data: null, code: 'CONFLICT' }, true],
    [200, { code: 200 }, false],
    [200, { code: 500 }, true],
    [200, { status: 200 }, false],
    [200, { status: 403 }, true],
    [200, 'plain text', false],
    [201, { success: true }, true],
    [404, { success: false, code: 'NOT_FOUND' }, true],
    [0, undefined, true],
  ])('status %d body %j → %s', (status, body, expected) => {
    expect(isFailedCall(status, body)).toBe(expected);
  });
});
