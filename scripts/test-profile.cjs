// Loaded into every node process of a `node scripts/run-tests.mjs --profile` run (through NODE_OPTIONS):
// at exit, appends the process's CPU time (its own, and that of the children it waited for, which
// includes non-node children such as TypeScript 7's compiler) and its wall time to the file named by
// WEBAPP_TEST_PROFILE. Linux only (/proc/self/stat); elsewhere it records nothing.
'use strict';
const { appendFileSync, readFileSync } = require('node:fs');

const out = process.env.WEBAPP_TEST_PROFILE;
const started = Date.now() - process.uptime() * 1000;
if (out && process.platform === 'linux') {
  process.on('exit', () => {
    try {
      const stat = readFileSync('/proc/self/stat', 'utf8');
      // Fields after the command's closing parenthesis: state, ppid, … utime (14), stime, cutime, cstime.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (index) => Number(fields[index]) / 100; // USER_HZ: 100 on Linux
      const record = {
        pid: process.pid,
        ppid: Number(fields[1]),
        args: process.argv.slice(1),
        started,
        wall: (Date.now() - started) / 1000,
        cpu: seconds(11) + seconds(12),
        children: seconds(13) + seconds(14),
      };
      appendFileSync(out, `${JSON.stringify(record)}\n`);
    } catch {
      // A profile is best effort: never fail the process.
    }
  });
}
