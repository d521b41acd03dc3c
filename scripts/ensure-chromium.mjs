// End-to-end tests drive Debian's Chromium (never a downloaded browser). Install it when it is
// missing and we may (root on Debian); otherwise say how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Installing Chromium from Debian's packages…");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(`Chromium is not at ${chromium}. Install it with: sudo apt-get install -y chromium`);
    console.error('(or point CHROMIUM_PATH at a Chromium or Chrome binary).');
    process.exit(1);
  }
}
