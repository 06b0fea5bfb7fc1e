import { describe, expect, it } from 'vitest';
import { httpErrorText, isCataloguedStatus } from './http-errors';

describe('httpErrorText', () => {
  it('uses the catalogue text in the chosen language', () => {
    expect(httpErrorText(403, 'zh-CN')).toBe('拒绝访问');
    expect(httpErrorText(504, 'en-US')).toBe('Gateway timeout');
  });
  it('names the address on 404', () => {
    expect(httpErrorText(404, 'en-US', '/api/v1/nope')).toBe('Request address error: /api/v1/nope');
  });
  it('falls back to the class text for a status outside the catalogue', () => {
    expect(httpErrorText(418, 'en-US')).toBe('Bad request');
    expect(httpErrorText(599, 'en-US')).toBe('Internal server error');
  });
  it('knows the catalogued range', () => {
    expect(isCataloguedStatus(400)).toBe(true);
    expect(isCataloguedStatus(505)).toBe(true);
    expect(isCataloguedStatus(302)).toBe(false);
  });
});
