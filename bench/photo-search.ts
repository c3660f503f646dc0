// `npm run bench:photo`: photo search (#34). The quality table on the test photographs, false matches among
// many unrelated pictures (tiles of the installed wallpaper packages, when present), and the look-up at a million
// fingerprints: the in-memory index beside a linear scan and PostgreSQL's bit_count, on a PostgreSQL server and on
// embedded PGlite. docs/media.md ("Photo search") holds the figures.
import { seededWords } from '../test/helpers/seeded-random.js';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import sharp from 'sharp';
import { FingerprintIndex, MAX_MATCH_DISTANCE } from '../src/modules/media/fingerprint-index.js';
import {
  FEATURELESS_PHASH,
  fingerprintImage,
  hammingDistance,
  popcount32,
} from '../src/modules/media/perceptual-hash.js';
import { measurePhotoQuality, photoTestSet, PHOTO_TRANSFORMS } from '../test/helpers/photo-quality.js';
import { createFreshPostgres } from './databases.js';
import { formatTable } from './report.js';

const ENTRIES = Number(process.env.BENCH_PHOTO_ENTRIES ?? 1_000_000);
const INDEX_QUERIES = Number(process.env.BENCH_PHOTO_QUERIES ?? 2_000);
const SQL_QUERIES = Number(process.env.BENCH_PHOTO_SQL_QUERIES ?? 40);
const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const WALLPAPERS = '/usr/share/backgrounds';

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function ms(value: number): string {
  return value < 1 ? value.toFixed(3) : value < 100 ? value.toFixed(1) : value.toFixed(0);
}

interface Timing {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}

/** Times each query after one untimed pass over the first few (JIT and caches warm). */
async function time<T>(queries: readonly T[], run: (query: T) => unknown): Promise<Timing> {
  for (const query of queries.slice(0, 5)) await run(query);
  const took: number[] = [];
  for (const query of queries) {
    const start = performance.now();
    await run(query);
    took.push(performance.now() - start);
  }
  took.sort((a, b) => a - b);
  return { p50: percentile(took, 0.5), p99: percentile(took, 0.99), max: took.at(-1)!, samples: took.length };
}

const random = seededWords(34);

function randomUuid(): string {
  const hex = [random(), random(), random(), random()]
    .map((word) => word.toString(16).padStart(8, '0'))
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** A random pHash-like value: the DC bit (the first) is always set in a real one. */
function randomPhash(): bigint {
  return (BigInt((random() | 0x80000000) >>> 0) << 32n) | BigInt(random());
}

function nearCopy(phash: bigint, bits: number): bigint {
  let copy = phash;
  for (let i = 0; i < bits; i++) copy ^= 1n << BigInt(random() % 63);
  return copy;
}

function toSigned(phash: bigint): string {
  return BigInt.asIntN(64, phash).toString();
}

// ---- quality ----

async function qualityTable(): Promise<string> {
  const quality = await measurePhotoQuality(PHOTO_TRANSFORMS);
  const rows = quality.transforms.map((row) => [
    row.transform,
    row.recall.toFixed(2),
    row.target === undefined ? '—' : `≥ ${row.target}`,
    String(row.medianDistance),
    String(row.maxDistance),
  ]);
  return [
    `${quality.transforms[0]!.queries} photographs, each searched for among ${quality.indexed} pictures ` +
      `(the 60 and 23 drawn distractors); found = within ${quality.maxMatchDistance} bits and among the 3 nearest.`,
    formatTable(['transform', 'recall', 'target', 'median distance', 'largest distance'], rows),
    `Unrelated pairs (every query against every picture cut from another photograph): ${quality.unrelatedPairs}; ` +
      `within ${quality.maxMatchDistance} bits: ${quality.falseMatches}; nearest: ${quality.nearestUnrelated} bits.`,
  ].join('\n');
}

/** Every wallpaper of both packages at 1,000 px, cut into 5 × 5 tiles: ~1,000 pictures, ~300,000 unrelated pairs. */
async function falseMatchesAtScale(): Promise<string> {
  if (!existsSync(WALLPAPERS))
    return 'False matches at scale: skipped (mate-backgrounds and ukui-wallpapers are not installed).';
  const files = execFileSync('find', [
    WALLPAPERS,
    '-type',
    'f',
    '(',
    '-name',
    '*.jpg',
    '-o',
    '-name',
    '*.png',
    ')',
  ])
    .toString()
    .trim()
    .split('\n')
    .sort();
  // Near-copies in the packages are one picture: Elephants at three sizes, four tints, two stripes.
  const pictureOf = (file: string) =>
    file
      .replace(/_\d+x\d+/, '')
      .replace(/Ubuntu-Mate-\w+-no-logo/, 'Ubuntu-Mate')
      .replace(/MATE-Stripes-\w+/, 'MS');
  const tiles: { picture: string; phash: bigint }[] = [];
  let featureless = 0;
  for (const file of files) {
    const picture = await sharp(file)
      .flatten({ background: '#ffffff' })
      .resize(1000, 1000, { fit: 'inside' })
      .png()
      .toBuffer();
    const { width, height } = await sharp(picture).metadata();
    const tileWidth = Math.floor(width / 5);
    const tileHeight = Math.floor(height / 5);
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) {
        const tile = await sharp(picture)
          .extract({ left: x * tileWidth, top: y * tileHeight, width: tileWidth, height: tileHeight })
          .png()
          .toBuffer();
        const { phash } = await fingerprintImage(tile);
        if (phash === FEATURELESS_PHASH) featureless++;
        else tiles.push({ picture: pictureOf(file), phash });
      }
    }
  }
  const within = Array.from({ length: 65 }, () => 0);
  let pairs = 0;
  for (let a = 0; a < tiles.length; a++) {
    for (let b = a + 1; b < tiles.length; b++) {
      if (tiles[a]!.picture === tiles[b]!.picture) continue;
      pairs++;
      within[hammingDistance(tiles[a]!.phash, tiles[b]!.phash)]!++;
    }
  }
  const rows = [8, 10, 12, 14, 16].map((limit) => {
    const count = within.slice(0, limit + 1).reduce((sum, n) => sum + n, 0);
    return [
      `≤ ${limit}`,
      String(count),
      count === 0 ? '0' : `1 in ${Math.round(pairs / count).toLocaleString('en')}`,
    ];
  });
  return [
    `False matches at scale: ${files.length} wallpapers → ${tiles.length + featureless} tiles (${featureless} featureless, ` +
      `not fingerprinted), ${pairs} pairs of tiles of different pictures.`,
    formatTable(['distance', 'pairs', 'rate'], rows),
  ].join('\n');
}

// ---- the look-up at a million ----

interface Corpus {
  ids: string[];
  phashes: bigint[];
  /** Queries: transformed test photographs (their originals are in the corpus) and unrelated random values. */
  queries: bigint[];
}

async function buildCorpus(): Promise<Corpus> {
  const { originals, distractors } = photoTestSet();
  const real = await Promise.all(
    [...originals, ...distractors].map(async (photo) => (await fingerprintImage(photo.bytes)).phash),
  );
  const transformed: bigint[] = [];
  for (const transform of PHOTO_TRANSFORMS.slice(0, 7)) {
    for (const photo of originals)
      transformed.push((await fingerprintImage(await transform.apply(photo.bytes))).phash);
  }
  const ids: string[] = [];
  const phashes: bigint[] = [];
  const add = (phash: bigint) => {
    ids.push(randomUuid());
    phashes.push(phash);
  };
  for (const phash of real) if (phash !== FEATURELESS_PHASH) add(phash);
  // Near-copies of the real ones (the same object photographed often), then random values up to ENTRIES.
  for (const phash of real)
    for (let copy = 0; copy < 50 && phash !== FEATURELESS_PHASH; copy++) add(nearCopy(phash, random() % 13));
  while (phashes.length < ENTRIES) add(randomPhash());
  const queries: bigint[] = [];
  for (let i = 0; i < INDEX_QUERIES; i++)
    queries.push(i % 2 === 0 ? transformed[(i / 2) % transformed.length]! : randomPhash());
  return { ids, phashes, queries };
}

/** The linear scan a plain array allows: every entry's distance, two 32-bit popcounts each. */
function linearScan(hi: Uint32Array, lo: Uint32Array, query: bigint, maxDistance: number): number[] {
  const queryHi = Number(query >> 32n) >>> 0;
  const queryLo = Number(query & 0xffffffffn) >>> 0;
  const found: number[] = [];
  for (let i = 0; i < hi.length; i++) {
    const distance = popcount32(hi[i]! ^ queryHi) + popcount32(lo[i]! ^ queryLo);
    if (distance <= maxDistance) found.push(i, distance);
  }
  return found;
}

const CREATE_TABLE = 'CREATE TABLE bench_fingerprints (media_id uuid PRIMARY KEY, phash bigint NOT NULL)';
const INSERT_BATCH = 'INSERT INTO bench_fingerprints SELECT * FROM unnest($1::uuid[], $2::bigint[])';
// What photo-core's repository would send: every row's distance, those within the radius, nearest first.
const SEARCH_SQL =
  'SELECT media_id, bit_count((phash # $1)::bit(64)) AS distance FROM bench_fingerprints ' +
  'WHERE bit_count((phash # $1)::bit(64)) <= $2 ORDER BY distance, media_id LIMIT 50';

async function loadRows(
  run: (sql: string, params?: unknown[]) => Promise<unknown>,
  corpus: Corpus,
): Promise<void> {
  await run(CREATE_TABLE);
  for (let start = 0; start < corpus.ids.length; start += 50_000) {
    const end = Math.min(corpus.ids.length, start + 50_000);
    await run(INSERT_BATCH, [corpus.ids.slice(start, end), corpus.phashes.slice(start, end).map(toSigned)]);
  }
  await run('ANALYZE bench_fingerprints');
}

interface LookupRow {
  name: string;
  timing: Timing;
  memory: string;
  exact: string;
}

async function lookups(corpus: Corpus): Promise<LookupRow[]> {
  const rows: LookupRow[] = [];
  const buildStart = performance.now();
  const index = new FingerprintIndex();
  for (let i = 0; i < corpus.ids.length; i++) index.add(corpus.ids[i]!, { phash: corpus.phashes[i]! });
  const buildMs = performance.now() - buildStart;

  const hi = new Uint32Array(corpus.phashes.map((phash) => Number(phash >> 32n)));
  const lo = new Uint32Array(corpus.phashes.map((phash) => Number(phash & 0xffffffffn)));
  // Exactness: the index finds what the scan finds, for every query.
  let agree = 0;
  for (const query of corpus.queries) {
    const scanned = linearScan(hi, lo, query, MAX_MATCH_DISTANCE);
    const indexed = index.search({ phash: query }, { limit: Number.MAX_SAFE_INTEGER });
    if (indexed.length * 2 === scanned.length) agree++;
  }
  const matched = corpus.queries.filter((query) => index.search({ phash: query }).length > 0).length;

  rows.push({
    name: `in-memory index (multi-index hashing, 4 × 16-bit bands; built in ${(buildMs / 1000).toFixed(1)} s)`,
    timing: await time(corpus.queries, (query) => index.search({ phash: query })),
    memory: `${(index.memoryBytes / 2 ** 20).toFixed(0)} MiB (typed arrays, no object per entry)`,
    exact: `${agree}/${corpus.queries.length} as the scan; ${matched} queries matched`,
  });
  rows.push({
    name: 'linear scan (typed arrays, popcount)',
    timing: await time(corpus.queries.slice(0, 200), (query) =>
      linearScan(hi, lo, query, MAX_MATCH_DISTANCE),
    ),
    memory: `${((hi.byteLength + lo.byteLength) / 2 ** 20).toFixed(0)} MiB (hashes only)`,
    exact: 'by definition',
  });

  const sqlQueries = corpus.queries.slice(0, SQL_QUERIES);
  const fresh = await createFreshPostgres(ADMIN_URL, 'photo');
  try {
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    try {
      await loadRows((sql, params) => client.query(sql, params), corpus);
      const size = await client.query<{ size: string }>(
        "SELECT pg_size_pretty(pg_total_relation_size('bench_fingerprints')) AS size",
      );
      rows.push({
        name: 'PostgreSQL 15: bit_count(phash # $1) (seq scan, parallel workers)',
        timing: await time(sqlQueries, (query) =>
          client.query(SEARCH_SQL, [toSigned(query), MAX_MATCH_DISTANCE]),
        ),
        memory: `${size.rows[0]!.size} on disk (table + primary key)`,
        exact: 'by definition',
      });
    } finally {
      await client.end();
    }
  } finally {
    await fresh.drop();
  }

  const pglite = await PGlite.create();
  try {
    await loadRows((sql, params) => pglite.query(sql, params), corpus);
    rows.push({
      name: 'PGlite (embedded): bit_count(phash # $1)',
      timing: await time(sqlQueries.slice(0, 20), (query) =>
        pglite.query(SEARCH_SQL, [toSigned(query), MAX_MATCH_DISTANCE]),
      ),
      memory: 'in the WebAssembly heap',
      exact: 'by definition',
    });
  } finally {
    await pglite.close();
  }
  return rows;
}

/** What the request adds before the look-up: decoding and fingerprinting the uploaded photo. */
async function decodeTiming(): Promise<string> {
  const photo = existsSync(`${WALLPAPERS}/mate/nature/Storm.jpg`)
    ? await sharp(`${WALLPAPERS}/mate/nature/Storm.jpg`).jpeg({ quality: 90 }).toBuffer()
    : await sharp(photoTestSet().originals[0]!.bytes)
        .resize({ width: 1920 })
        .jpeg({ quality: 90 })
        .toBuffer();
  const { width, height } = await sharp(photo).metadata();
  const timing = await time(Array.from({ length: 60 }), () => fingerprintImage(photo));
  return `fingerprintImage of a ${width} × ${height} JPEG (${Math.round(photo.length / 1024)} KiB): p50 ${ms(timing.p50)} ms, p99 ${ms(timing.p99)} ms (${timing.samples} runs).`;
}

async function main(): Promise<void> {
  console.log(`# Photo search bench (${availableParallelism()} cores, Node ${process.version})\n`);
  console.log('## Quality\n');
  console.log(await qualityTable());
  console.log();
  console.log(await falseMatchesAtScale());
  console.log('\n## Look-up\n');
  const corpus = await buildCorpus();
  console.log(
    `${corpus.ids.length.toLocaleString('en')} fingerprints (the test photographs, 50 near-copies of each, random values), ` +
      `${corpus.queries.length} queries (half transformed photographs, half random), within ${MAX_MATCH_DISTANCE} bits.`,
  );
  const rows = await lookups(corpus);
  console.log(
    formatTable(
      ['look-up', 'p50 ms', 'p99 ms', 'max ms', 'queries', 'memory', 'exact'],
      rows.map((row) => [
        row.name,
        ms(row.timing.p50),
        ms(row.timing.p99),
        ms(row.timing.max),
        String(row.timing.samples),
        row.memory,
        row.exact,
      ]),
    ),
  );
  console.log();
  console.log(await decodeTiming());
}

await main();
