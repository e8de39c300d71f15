import { describe, expect, test } from 'bun:test';
import { END, GraphBuilder } from '../../src/conversation/graph.ts';

type S = { n: number; log: string[] };

describe('GraphBuilder', () => {
  const build = () =>
    new GraphBuilder<S, null>()
      .start(['add', 'double'], (s) => (s.n % 2 ? 'add' : 'double'))
      .step('add', async (s) => ({ n: s.n + 1, log: [...s.log, 'add'] }))
      .step('double', async (s) => ({ n: s.n * 2, log: [...s.log, 'double'] }))
      .branch('add', ['double', END], (s) => (s.n < 10 ? 'double' : END))
      .branch('double', ['add', END], (s) => (s.n < 10 ? 'add' : END));

  test('runs from the router-chosen start to END, recording the path', async () => {
    const { state, path } = await build().compile().run({ n: 1, log: [] }, null);
    expect(path).toEqual(['add', 'double', 'add', 'double']);
    expect(state.n).toBe(10);
  });

  test('compile refuses unknown targets and steps with no way out', () => {
    expect(() => new GraphBuilder<S, null>().start(['nowhere'], () => 'nowhere').compile()).toThrow('unknown step "nowhere"');
    expect(() =>
      new GraphBuilder<S, null>().start(['a'], () => 'a').step('a', async (s) => s).compile(),
    ).toThrow('has no way out');
    expect(() => new GraphBuilder<S, null>().step('a', async (s) => s).edge('a', 'b').start(['a'], () => 'a').compile()).toThrow('unknown step "b"');
  });

  test('a router choosing outside its declared targets is an error, and loops are bounded', async () => {
    const wrong = new GraphBuilder<S, null>().start(['a'], () => 'a').step('a', async (s) => s).branch('a', [END], () => 'a').compile();
    expect(wrong.run({ n: 0, log: [] }, null)).rejects.toThrow('routed to "a"');
    const loop = new GraphBuilder<S, null>().start(['a'], () => 'a').step('a', async (s) => s).edge('a', 'a').compile(5);
    expect(loop.run({ n: 0, log: [] }, null)).rejects.toThrow('more than 5 steps');
  });
});
