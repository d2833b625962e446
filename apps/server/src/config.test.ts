import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('configuration', () => {
  it('defaults PORT to 3000 and DATA_DIR to ./data, embedded database', () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(`${process.cwd()}/data`);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBeUndefined();
  });

  it('reads DATABASE_URL and SEED_DEMO', () => {
    const config = readConfig({ DATABASE_URL: 'postgres://u@localhost:5432/app', SEED_DEMO: '1' });
    expect(config.databaseUrl).toBe('postgres://u@localhost:5432/app');
    expect(config.seedDemo).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO/],
    [{ ID_ANALYSIS_URL: 'http://id.example.com/read', ID_ANALYSIS_TOKEN: 't' }, /ID_ANALYSIS_URL/],
    [{ ID_ANALYSIS_URL: 'https://id.example.com/read' }, /ID_ANALYSIS_TOKEN/],
    [
      { CLEARINGHOUSE_URL: 'http://edi.example.com/270', CLEARINGHOUSE_TOKEN: 't' },
      /CLEARINGHOUSE_URL/,
    ],
    [{ CLEARINGHOUSE_URL: 'https://edi.example.com/270' }, /CLEARINGHOUSE_TOKEN/],
    [{ CLEARINGHOUSE_SUBMITTER_ID: 'MORE THAN FIFTEEN CHARS' }, /CLEARINGHOUSE_SUBMITTER_ID/],
    [{ CLEARINGHOUSE_RECEIVER_ID: 'A*B' }, /CLEARINGHOUSE_RECEIVER_ID/],
    [{ CLEARINGHOUSE_USAGE: 'X' }, /CLEARINGHOUSE_USAGE/],
  ])('refuses a bad environment and names the variable: %j', (env, pattern) => {
    expect(() => readConfig(env)).toThrow(pattern);
  });

  it('reads the photo ID analysis service: https, or http to this machine only', () => {
    expect(readConfig({})).toMatchObject({ idAnalysisUrl: undefined, idAnalysisToken: undefined });
    for (const url of ['https://id.example.com/read', 'http://127.0.0.1:5326/read-id']) {
      expect(readConfig({ ID_ANALYSIS_URL: url, ID_ANALYSIS_TOKEN: 'secret' })).toMatchObject({
        idAnalysisUrl: url,
        idAnalysisToken: 'secret',
      });
    }
  });

  it('reads the clearinghouse: test mode by default, https or http to this machine when set', () => {
    expect(readConfig({}).clearinghouse).toEqual({
      url: undefined,
      token: undefined,
      samplesDir: undefined,
      submitterId: undefined,
      receiverId: undefined,
      usage: 'P',
    });
    for (const url of ['https://edi.example.com/270', 'http://localhost:8270/270']) {
      expect(
        readConfig({
          CLEARINGHOUSE_URL: url,
          CLEARINGHOUSE_TOKEN: 'secret',
          CLEARINGHOUSE_SAMPLES_DIR: 'samples',
          CLEARINGHOUSE_SUBMITTER_ID: 'RIVERBEND01',
          CLEARINGHOUSE_RECEIVER_ID: '030240928',
          CLEARINGHOUSE_USAGE: 'T',
        }).clearinghouse,
      ).toEqual({
        url,
        token: 'secret',
        samplesDir: `${process.cwd()}/samples`,
        submitterId: 'RIVERBEND01',
        receiverId: '030240928',
        usage: 'T',
      });
    }
  });

  it('reads the server’s Stripe account in one place, and refuses half of one', () => {
    expect(readConfig({}).stripe).toEqual({ account: null, apiUrl: null });
    expect(
      readConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc123',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).stripe,
    ).toEqual({
      account: {
        secretKey: 'sk_test_abc123',
        publishableKey: 'pk_test_abc123',
        webhookSecret: null,
      },
      apiUrl: 'http://127.0.0.1:12111',
    });
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY/,
    );
    expect(() => readConfig({ STRIPE_API_URL: 'http://stripe.example' })).toThrow(/STRIPE_API_URL/);
  });
});
