import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

describe('generate_certificate_number', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 10 });
  });
  afterAll(() => database.drop());

  const generate = async (planet: string) =>
    (await database.db.query<{ n: string }>('SELECT generate_certificate_number($1) AS n', [planet])).rows[0]!
      .n;

  it('shapes numbers as PREFIX-YYYY-NNNNNN with the planet prefix and the UTC year', async () => {
    const year = new Date().getUTCFullYear();
    expect(await generate('artworks')).toMatch(new RegExp(`^ART-${year}-\\d{6}$`));
    expect(await generate('collectibles')).toMatch(new RegExp(`^COL-${year}-\\d{6}$`));
    expect(await generate('watches')).toMatch(new RegExp(`^WAT-${year}-\\d{6}$`));
    expect(await generate('jewelry')).toMatch(new RegExp(`^JWL-${year}-\\d{6}$`));
  });

  it('gives 100 concurrent calls 100 distinct numbers', async () => {
    const numbers = await Promise.all(Array.from({ length: 100 }, () => generate('artworks')));
    expect(new Set(numbers).size).toBe(100);
  });

  it('never truncates: past 999999 the number has seven digits', async () => {
    await database.db.query("SELECT setval('certificate_number_watches_seq', 999999)");
    expect(await generate('watches')).toMatch(/^WAT-\d{4}-1000000$/);
  });

  it('refuses an unknown planet', async () => {
    await expect(generate('spaceships')).rejects.toThrow(/unknown planet/);
  });
});
