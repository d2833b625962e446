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
});
