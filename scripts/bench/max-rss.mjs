// Preloaded into a measured child process (node --import): reports its peak resident memory on exit (KB).
process.on('exit', () => process.stderr.write(`\nmax-rss-kb ${process.resourceUsage().maxRSS}\n`));
