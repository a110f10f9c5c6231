import { describe, expect, it } from 'vitest';
import { mapLinks, signInLink } from './mobile-links.utils';

describe('APPS-MOBILE links', () => {
  it('open the sign-in in the user’s language and region', () => {
    expect(signInLink('https://fleet.example.com', 'zh', 'EU')).toBe(
      'https://fleet.example.com/login?lng=zh&region=EU',
    );
    expect(signInLink('http://localhost:8080', 'en', null)).toBe('http://localhost:8080/login?lng=en');
  });

  it('name the full-screen map pages in the user’s language', () => {
    expect(mapLinks('https://fleet.example.com', 'en')).toEqual({
      map: 'https://fleet.example.com/map/en',
      miniMap: 'https://fleet.example.com/miniMap/en',
    });
  });
});
