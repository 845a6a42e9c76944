import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs on embedded defaults with no environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.isProduction).toBe(false);
    expect(config.healthPort).toBeNull();
    expect(loadConfig({ HEALTH_PORT: '3001' }).healthPort).toBe(3001);
  });

  it.each([
    ['PORT', 'eighty', /^Invalid configuration: PORT /],
    ['PORT', '70000', /^Invalid configuration: PORT /],
    ['DATABASE_URL', 'mysql://x', /^Invalid configuration: DATABASE_URL must be a postgres/],
    ['PUBLIC_URL', 'not a url', /^Invalid configuration: PUBLIC_URL /],
    ['SMTP_URL', 'http://mail', /^Invalid configuration: SMTP_URL must be an smtp/],
    ['NODE_ENV', 'staging', /^Invalid configuration: NODE_ENV /],
    ['HEALTH_PORT', '0', /^Invalid configuration: HEALTH_PORT /],
    ['HEALTH_PORT', '3000', /^Invalid configuration: HEALTH_PORT must differ from PORT$/],
  ])('stops on a bad %s with one line naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('requires SMTP_URL in production so mail is never silently stored', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'Invalid configuration: SMTP_URL is required when NODE_ENV is production',
    );
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }).isProduction).toBe(
      true,
    );
  });

  it('treats empty variables as unset and strips a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ PORT: '', PUBLIC_URL: 'https://trust.example.com/' });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('https://trust.example.com');
  });

  it('reads the web build once unless WATCH_WEB_BUILD asks, and never watches in production', () => {
    expect(loadConfig({}).watchWebBuild).toBe(false);
    expect(loadConfig({ WATCH_WEB_BUILD: 'true' }).watchWebBuild).toBe(true);
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', WATCH_WEB_BUILD: 'true' };
    expect(loadConfig(production).watchWebBuild).toBe(false);
  });

  it('listens on loopback outside production unless HOST is set', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }).host).toBe('0.0.0.0');
  });

  it('relaxes the outbound gate only by OUTBOUND_ALLOW_LOOPBACK, never in production, never by NODE_ENV', () => {
    expect(loadConfig({}).outboundAllowLoopback).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).outboundAllowLoopback).toBe(false);
    expect(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: 'true' }).outboundAllowLoopback).toBe(true);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://m.example', OUTBOUND_ALLOW_LOOPBACK: 'true' }),
    ).toThrow('Invalid configuration: OUTBOUND_ALLOW_LOOPBACK is not accepted when NODE_ENV is production');
  });
});
