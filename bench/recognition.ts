// `npm run bench:recognition`: only the recognition cost lines of `npm run bench` (bench/recognition-cost.ts).
import { runRecognitionCostBench } from './recognition-cost.js';

console.log((await runRecognitionCostBench()).join('\n'));
