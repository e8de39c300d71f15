// Preloaded by bun test (bunfig.toml): quiet logs unless a test asks otherwise.
process.env.LOG_LEVEL ??= 'silent';
