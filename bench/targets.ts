// The targets a bench run measured, each printed where it is computed and gathered here, so that the run ends with
// one block of issue #53's (docs/performance.md, "Round 4"): a new target line is one recordTarget call.

/** One measured figure beside its target. */
export interface TargetEntry {
  /** The item of issue #53 the figure answers (1–5); none for a figure of an earlier round. */
  item?: number;
  name: string;
  value: number;
  /** None: the figure is reported beside its anchor, with no bar (the issue that asked for it gave none). */
  target?: number;
  /** The target is a ceiling (CPU, p99, MiB); otherwise a floor (a ratio of throughputs). */
  atMost?: boolean;
  /** Appended to the value and the target: ' ms', ' MiB', ' %'. */
  unit?: string;
  /** Decimals of the value (2 unless said). */
  digits?: number;
  /** How the target reads when it is derived ("2 × floor p99 = 12.4"); the number otherwise. */
  targetLabel?: string;
}

const recorded: TargetEntry[] = [];

function targetMet(entry: TargetEntry): boolean | undefined {
  if (entry.target === undefined) return undefined;
  return entry.atMost ? entry.value <= entry.target : entry.value >= entry.target;
}

/** "name: value  target ≥ t: met", the line every target of the bench prints. */
function formatTarget(entry: TargetEntry): string {
  const unit = entry.unit ?? '';
  const value = `${entry.value.toFixed(entry.digits ?? 2)}${unit}`;
  const met = targetMet(entry);
  if (met === undefined) return `${entry.name}: ${value}`;
  const bound = entry.targetLabel ?? String(entry.target);
  return `${entry.name}: ${value}  target ${entry.atMost ? '≤' : '≥'} ${bound}${unit}: ${met ? 'met' : 'NOT met'}`;
}

/** Keeps the figure for the summary and answers its line (the caller prints it, or not, where it belongs). */
export function recordTarget(entry: TargetEntry): string {
  recorded.push(entry);
  return formatTarget(entry);
}

/** Every figure recorded so far (written to bench/results/latest.json). */
export function recordedTargets(): readonly TargetEntry[] {
  return recorded;
}

/** The block that ends the run: every figure of issue #53 measured in it, by item, with its verdict. */
export function printTargetSummary(): void {
  const ofIssue = recorded.filter((entry) => entry.item !== undefined).sort((a, b) => a.item! - b.item!);
  if (ofIssue.length === 0) return;
  console.log('\nIssue #53 targets (this run):');
  for (const entry of ofIssue) {
    const met = targetMet(entry);
    const note = met === undefined ? '  (beside its anchor, no target)' : '';
    console.log(`  item ${entry.item}: ${formatTarget(entry)}${note}`);
  }
  const measured = ofIssue.filter((entry) => targetMet(entry) !== undefined);
  const missed = measured.filter((entry) => targetMet(entry) === false).length;
  console.log(
    `  ${measured.length - missed} of ${measured.length} met${missed ? `, ${missed} NOT met` : ''}.`,
  );
}
