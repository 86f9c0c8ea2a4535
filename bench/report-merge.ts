/** A partial run (BENCH_ONLY) replaces only its own scenarios' sections and keeps the others' figures. */
export function mergeReports(previous: string, fresh: string, ranFiles: string[]): string {
  const split = (text: string) => {
    const [head, ...blocks] = text.split(/^(?=## )/m);
    return { head: head ?? '', blocks };
  };
  const scenarioOf = (block: string) => /<!-- scenario: (\S+) -->/.exec(block)?.[1];
  const titleOf = (block: string) => block.slice(0, block.indexOf('\n'));
  const next = split(fresh);
  const newTitles = new Set(next.blocks.map(titleOf));
  const kept = split(previous).blocks.filter((b) => {
    const file = scenarioOf(b);
    return file ? !ranFiles.includes(file) : !newTitles.has(titleOf(b));
  });
  const note = `Partial run of ${ranFiles.join(', ')}; the other sections keep the figures of their last run.\n\n`;
  return next.head + note + [...kept, ...next.blocks].join('');
}
