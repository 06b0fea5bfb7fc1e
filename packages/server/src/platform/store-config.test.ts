import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

/** The stores' settings: read from files the settings name, refused with a message naming the setting. */
describe('store settings', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rookery-stores-'));
  const root = path.join(dir, 'root.der');
  fs.writeFileSync(root, Buffer.from([0x30, 0x00]));
  const account = path.join(dir, 'account.json');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  fs.writeFileSync(
    account,
    JSON.stringify({
      client_email: 'svc@example.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
  );

  it('no store is configured by default; the clawback defaults to take back', () => {
    const c = loadConfig({});
    expect(c.stores).toMatchObject({
      apple: undefined,
      google: undefined,
      refundClawback: 'takeBack',
      refundPollDays: 30,
    });
  });

  it('reads Apple roots and the Google credential from their files', () => {
    const c = loadConfig({
      ROOKERY_APPLE_BUNDLE_ID: 'com.example.penguin',
      ROOKERY_APPLE_ENVIRONMENT: 'sandbox',
      ROOKERY_APPLE_ROOT_CERTS: root,
      ROOKERY_GOOGLE_PACKAGE_NAME: 'com.example.penguin',
      ROOKERY_GOOGLE_SERVICE_ACCOUNT_FILE: account,
      ROOKERY_GOOGLE_RTDN_AUDIENCE: 'https://example.com/rtdn',
      ROOKERY_REFUND_CLAWBACK: 'flag',
    });
    expect(c.stores.apple).toMatchObject({
      bundleId: 'com.example.penguin',
      environment: 'sandbox',
      onlineChecks: true,
    });
    expect(c.stores.apple?.rootCertificates[0]).toEqual(Buffer.from([0x30, 0x00]));
    expect(c.stores.google?.credential.client_email).toBe('svc@example.iam.gserviceaccount.com');
    expect(c.stores.google?.apiBaseUrl).toBe('https://androidpublisher.googleapis.com');
    expect(c.stores.refundClawback).toBe('flag');
  });

  it('refuses a half-configured store with the setting named', () => {
    expect(() => loadConfig({ ROOKERY_APPLE_BUNDLE_ID: 'com.example' })).toThrow(/ROOKERY_APPLE_ROOT_CERTS/);
    expect(() => loadConfig({ ROOKERY_APPLE_BUNDLE_ID: 'com.example', ROOKERY_APPLE_ROOT_CERTS: root })).toThrow(
      /ROOKERY_APPLE_APP_ID/,
    );
    expect(() =>
      loadConfig({
        ROOKERY_APPLE_BUNDLE_ID: 'x',
        ROOKERY_APPLE_ENVIRONMENT: 'sandbox',
        ROOKERY_APPLE_ROOT_CERTS: '/nonexistent.der',
      }),
    ).toThrow(/ROOKERY_APPLE_ROOT_CERTS: cannot read/);
    expect(() => loadConfig({ ROOKERY_GOOGLE_PACKAGE_NAME: 'x' })).toThrow(/ROOKERY_GOOGLE_SERVICE_ACCOUNT_FILE/);
    expect(() => loadConfig({ ROOKERY_GOOGLE_PACKAGE_NAME: 'x', ROOKERY_GOOGLE_SERVICE_ACCOUNT_FILE: root })).toThrow(
      /not a service-account JSON file/,
    );
    expect(() => loadConfig({ ROOKERY_REFUND_CLAWBACK: 'steal' })).toThrow(/ROOKERY_REFUND_CLAWBACK/);
  });
});
