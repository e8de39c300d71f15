// A small state graph: named steps that transform a typed state, and edges (fixed or chosen
// by a router) between them. `compile` checks the wiring once, at start-up, so a turn never
// discovers a missing step; `run` walks from the entry to END with a bound on steps.

export const END = 'END';

export type Step<S, C> = (state: S, context: C) => Promise<S>;
type Router<S> = (state: S) => string;

export class GraphBuilder<S, C> {
  private readonly steps = new Map<string, Step<S, C>>();
  private readonly edges = new Map<string, { router: Router<S>; targets: string[] }>();
  private entry: { router: Router<S>; targets: string[] } | null = null;

  step(name: string, run: Step<S, C>): this {
    if (name === END || this.steps.has(name)) throw new Error(`graph: step "${name}" defined twice or reserved`);
    this.steps.set(name, run);
    return this;
  }

  /** Where a turn starts: `router` picks among `targets`. */
  start(targets: string[], router: Router<S>): this {
    this.entry = { router, targets };
    return this;
  }

  /** After `from`, go to `to`. */
  edge(from: string, to: string): this {
    return this.branch(from, [to], () => to);
  }

  /** After `from`, `router` picks among `targets`. */
  branch(from: string, targets: string[], router: Router<S>): this {
    if (this.edges.has(from)) throw new Error(`graph: "${from}" already has outgoing edges`);
    this.edges.set(from, { router, targets });
    return this;
  }

  compile(maxSteps = 32): CompiledGraph<S, C> {
    if (!this.entry) throw new Error('graph: no start');
    const known = (name: string) => name === END || this.steps.has(name);
    for (const target of this.entry.targets) if (!known(target)) throw new Error(`graph: start leads to unknown step "${target}"`);
    for (const [from, { targets }] of this.edges) {
      if (!this.steps.has(from)) throw new Error(`graph: edge from unknown step "${from}"`);
      for (const target of targets) if (!known(target)) throw new Error(`graph: "${from}" leads to unknown step "${target}"`);
    }
    for (const name of this.steps.keys()) if (!this.edges.has(name)) throw new Error(`graph: step "${name}" has no way out`);
    return new CompiledGraph(new Map(this.steps), new Map(this.edges), this.entry, maxSteps);
  }
}

export class CompiledGraph<S, C> {
  constructor(
    private readonly steps: Map<string, Step<S, C>>,
    private readonly edges: Map<string, { router: Router<S>; targets: string[] }>,
    private readonly entry: { router: Router<S>; targets: string[] },
    private readonly maxSteps: number,
  ) {}

  get stepNames(): string[] {
    return [...this.steps.keys()];
  }

  /** Runs from the entry to END; returns the final state and the steps taken. */
  async run(initial: S, context: C): Promise<{ state: S; path: string[] }> {
    let state = initial;
    const path: string[] = [];
    let current = this.follow(this.entry, state, 'start');
    while (current !== END) {
      if (path.length >= this.maxSteps) throw new Error(`graph: more than ${this.maxSteps} steps (${path.join(' > ')})`);
      path.push(current);
      state = await this.steps.get(current)!(state, context);
      current = this.follow(this.edges.get(current)!, state, current);
    }
    return { state, path };
  }

  private follow(edge: { router: Router<S>; targets: string[] }, state: S, from: string): string {
    const next = edge.router(state);
    if (!edge.targets.includes(next)) throw new Error(`graph: "${from}" routed to "${next}", not one of ${edge.targets.join(', ')}`);
    return next;
  }
}
