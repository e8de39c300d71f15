// Progress of a long job: a redrawn bar with rate and ETA on a terminal, plain lines
// (every 10 % or 5 s) when the output is a file or a pipe.
export interface Progress {
  update(done: number, total: number): void;
  finish(): void;
}

const BAR_WIDTH = 30;

export function createProgress(label: string, unit: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  const started = performance.now();
  let lastLine = 0;
  let lastShare = -1;
  const describe = (done: number, total: number) => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const eta = rate > 0 ? Math.round((total - done) / rate) : null;
    const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
    return { percent, text: `${done}/${total} ${unit}, ${rate.toFixed(1)} ${unit}/s, ETA ${eta === null ? '?' : `${eta}s`}` };
  };
  return {
    update(done, total) {
      const { percent, text } = describe(done, total);
      if (stream.isTTY) {
        const filled = Math.round((percent / 100) * BAR_WIDTH);
        stream.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(percent).padStart(3)}% ${text}\x1b[K`);
        return;
      }
      const share = Math.floor(percent / 10);
      const now = performance.now();
      if (share !== lastShare || now - lastLine > 5000) {
        stream.write(`${label}: ${percent}% ${text}\n`);
        lastShare = share;
        lastLine = now;
      }
    },
    finish() {
      if (stream.isTTY) stream.write('\n');
    },
  };
}
